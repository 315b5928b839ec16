import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailBody } from '@/contract/account';
import type { MessageResult } from '@/contract/auth';
import { api } from '@/lib/http/api-client';

/**
 * POST /users/me/email: a confirmation link goes to the new address. The answer is the same
 * whether the address is free or taken; nothing changes until the link is opened.
 */
export function requestEmailChange(body: ChangeEmailBody): Promise<MessageResult> {
  return api.post<MessageResult>('/users/me/email', body);
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange, networkMode: 'always' });
}
