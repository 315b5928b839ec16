import { useMutation } from '@tanstack/react-query';
import type { EmailChanged } from '@/contract/account';
import { api } from '@/lib/http/api-client';

/** POST /users/me/email/confirm: a public call (the token is the proof), signed in or not. */
export function confirmEmail(token: string): Promise<EmailChanged> {
  return api.post<EmailChanged>('/users/me/email/confirm', { token });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail, networkMode: 'always' });
}
