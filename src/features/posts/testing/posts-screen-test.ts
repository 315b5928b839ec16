// The setup the posts screen tests share: the signed-in app of `@/testing/signed-in-app` (with its
// mocks declared by the test file) and, per test, a fresh posts API double that knows the member.
import { beforeEach } from 'vitest';
import type { PostAuthor } from '@/contract/posts';
import { TEST_USER } from '@/testing/session-mock';
import { signedInAppPerTest, type SignedInAppOptions } from '@/testing/signed-in-app';
import { installPostsServer } from './fake-posts-server';

export type FakePostsServer = ReturnType<typeof installPostsServer>;

/** The signed-in member (`TEST_USER`) as the author of a post, a comment or a like. */
export const POSTS_ME: PostAuthor = {
  id: TEST_USER.id,
  username: 'jane',
  firstName: 'Jane',
  lastName: 'Doe',
  avatar: null,
};

/**
 * Registers the per-test setup of a posts screen test; `onServer` receives each test's posts API
 * double once it is installed (after the local database and the session).
 */
export function postsScreensPerTest(
  name: string,
  onServer: (server: FakePostsServer) => void,
  options: SignedInAppOptions & { me?: PostAuthor } = {},
): void {
  signedInAppPerTest(name, options);
  beforeEach(() => onServer(installPostsServer({ me: options.me ?? POSTS_ME })));
}
