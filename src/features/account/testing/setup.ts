// Before and after each account screen test: a fresh device database, a signed-in member with
// tokens, the English catalog and a fetch double for the account calls; afterwards nothing left
// running. Calls no route answers (the shell's own: counts, notifications) fail as offline ones.
import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import type { NotificationPreferences } from '@/contract/account';
import { stopShellWork } from '@/testing/live-shell-teardown';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { toast } from '@/lib/toast';
import { signedIn } from '@/testing/api-client';
import { installFetch, ok, type Route } from '@/testing/fetch';
import { setSignedIn, TEST_USER } from '@/testing/session-mock';
import { activateCatalog } from '@/testing/test-utils';
import { setSessionUser } from '@/testing/session-user';

// A shared, loaded machine: the first render compiles the route chunks.
configure({ asyncUtilTimeout: 10_000 });

export const API = '/api/v1.0';
let count = 0;

export const ALL_ON: NotificationPreferences = {
  notifyLikes: true,
  notifyComments: true,
  notifyFriendRequests: true,
  notifyMessages: true,
  notifyChat: true,
  pushMessages: true,
  pushChat: true,
  pushFriendRequests: true,
  pushComments: true,
  pushLikes: true,
  pushCars: true,
  pushReminders: true,
  pushMentions: true,
  pushPreviews: true,
};

export function startAccountTest(routes: Record<string, Route> = {}, { signedInNow = true } = {}) {
  count += 1;
  resetLocalDatabaseForTests(`account-${count}-${Math.random().toString(36).slice(2)}`);
  if (signedInNow) signedIn();
  setSignedIn(signedInNow);
  setSessionUser({ ...TEST_USER });
  activateCatalog('en-US');
  return installFetch({
    [`GET ${API}/users/me/preferences`]: () => ok(ALL_ON),
    // The privacy section lists the members I blocked (none here).
    [`GET ${API}/users/me/blocks`]: () => ok([]),
    ...routes,
  });
}

export async function endAccountTest() {
  await stopShellWork();
  db.close();
  vi.unstubAllGlobals();
  localStorage.clear();
  for (const item of toast.list()) toast.dismiss(item.id);
}
