import { useMutation } from '@tanstack/react-query';
import type { AccountDeleted, DeleteAccountBody } from '@/contract/account';
import { apiFetch } from '@/lib/http/api-client';

/** DELETE /users/me: the account and everything only it owns; every session ends. */
export async function deleteAccount(body: DeleteAccountBody): Promise<AccountDeleted> {
  return (await apiFetch<AccountDeleted>('/users/me', { method: 'DELETE', body })).data;
}

/** Online only: offline it fails at once (a deletion never waits on the device). */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount, networkMode: 'always' });
}
