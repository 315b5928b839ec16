import type { CurrentUser } from '../../../src/contract/user';

export interface Member {
  email: string;
  password: string;
  username: string;
  firstName: string;
  lastName: string;
}
export interface SignedUp {
  member: Member;
  token: string;
  refreshToken: string;
  user: CurrentUser;
}
export function apiCall(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: any }>;
export function newMember(tag?: string): Member;
export function signUpViaApi(baseUrl: string, member?: Member): Promise<SignedUp>;
export function signInAnotherDevice(
  baseUrl: string,
  signedUp: { member: Member; user: CurrentUser },
  language: CurrentUser['language'],
): Promise<SignedUp>;
