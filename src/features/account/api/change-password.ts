import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, ChangePasswordResult } from '@/contract/account';
import { api } from '@/lib/http/api-client';

/** PUT /users/me/password: this device stays signed in, the others are signed out. */
export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResult> {
  return api.put<ChangePasswordResult>('/users/me/password', body);
}

/** Online only: offline it fails at once (a password never waits on the device). */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, networkMode: 'always' });
}
