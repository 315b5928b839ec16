// Friends of the signed-in test member (`TEST_USER`), as the friends list answers them.
import type { Friend } from '@/contract/people';

/** A friend in Lyon since 2026-01-01, username and e-mail made from the first name. */
export const testFriend = (id: string, firstName: string, lastName: string): Friend => ({
  id,
  username: firstName.toLowerCase(),
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.com`,
  avatar: null,
  city: 'Lyon',
  friendsSince: '2026-01-01T00:00:00Z',
});

export const BOB = testFriend('22222222-2222-4222-8222-222222222222', 'Bob', 'Martin');
