import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@/contract/auth';
import { api } from '@/lib/http/api-client';

export function resetPassword(body: ResetPasswordBody): Promise<unknown> {
  return api.post<unknown>('/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, networkMode: 'always' });
}
