import { confirmPasswordProblem } from '@flowsight/domain/auth-messages';
import { PASSWORD_MAX_LENGTH, passwordProblems } from '@flowsight/domain/password-rules';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FIELD_MESSAGE_SEPARATOR } from './field-messages';
import { PasswordStrengthMeter } from './password-strength-meter';
import { PasswordTextField } from './password-text-field';

/** The fields this component adds to the form around it. */
export type NewPasswordValues = {
  newPassword: string;
  confirmPassword: string;
};

/** The new-password check: every broken rule, one per line, or `true`. */
export function newPasswordProblem(value: string): string | true {
  const problems = passwordProblems(value);
  return problems.length === 0 || problems.join(FIELD_MESSAGE_SEPARATOR);
}

/**
 * Whether both fields pass, computed from the values themselves: react-hook-form's own `isValid`
 * can miss an update when a change and a blur are validated at the same moment.
 */
export function newPasswordReady({ newPassword, confirmPassword }: NewPasswordValues): boolean {
  return (
    newPasswordProblem(newPassword) === true &&
    confirmPasswordProblem(newPassword, confirmPassword) === undefined
  );
}

export type NewPasswordFieldsProps = {
  autoFocus?: boolean;
};

/**
 * New password, its strength meter and its confirmation, checked with the domain's rules and
 * messages (spec section 5). Render inside a react-hook-form `FormProvider` whose values include
 * `NewPasswordValues`.
 */
export function NewPasswordFields({ autoFocus }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const { register, formState, getFieldState, trigger, control } =
    useFormContext<NewPasswordValues>();
  const newPassword = useWatch({ control, name: 'newPassword' });

  return (
    <>
      <PasswordTextField
        label={t('auth.fields.newPassword')}
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        // Typing past the limit is allowed so the "must not exceed" message can explain it.
        maxLength={PASSWORD_MAX_LENGTH * 4}
        hint={t('auth.passwordForm.rules')}
        error={formState.errors.newPassword}
        registration={register('newPassword', {
          validate: newPasswordProblem,
          onChange: () => {
            // Once the confirmation was typed, it follows the password it must match.
            if (getFieldState('confirmPassword').isDirty) void trigger('confirmPassword');
          },
        })}
      />
      <PasswordStrengthMeter password={newPassword} />
      <PasswordTextField
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
        required
        error={formState.errors.confirmPassword}
        registration={register('confirmPassword', {
          validate: (value, values) => confirmPasswordProblem(values.newPassword, value) ?? true,
        })}
      />
    </>
  );
}
