// PUT /auth/me: the signed-in person changes their own name or phone; the answer is the fresh
// session user, which the page hands to the session.
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export type UpdateProfileInput = { first_name: string; last_name: string; phone: string | null };

export async function updateProfile(input: UpdateProfileInput) {
  return dataOrThrow(await apiClient.PUT('/auth/me', { body: input }));
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
