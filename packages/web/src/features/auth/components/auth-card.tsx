// The frame of every sign-in page: the shared centred card (heading, form, a way back).
export {
  CentredCard as AuthCard,
  type CentredCardProps as AuthCardProps,
} from '@/components/layouts/centred-card';
