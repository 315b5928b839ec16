import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody } from '@/contract/auth';
import { api } from '@/lib/http/api-client';

/** Always answers 200 (the server never says whether the account exists). */
export function forgotPassword(body: ForgotPasswordBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword, networkMode: 'always' });
}
