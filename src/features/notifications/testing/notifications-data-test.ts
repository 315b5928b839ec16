// The set-up of the notifications data tests: the outbox handlers, a fresh local database and the
// fake server for each test, signed in; the query cache, the database and the stubs reset after it.
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { registerOutboxHandlers } from '@/lib/outbox';
import { queryClient } from '@/lib/query/query-client';
import { signedIn } from '@/testing/api-client';
import { notificationHandlers } from '../data/handlers';
import { installNotificationsServer } from './fake-notifications-server';

export type NotificationsServer = ReturnType<typeof installNotificationsServer>;

/** `use` gets each test's server and database name (a test reopens that database as a reload). */
export function notificationsDataPerTest(
  prefix: string,
  use: (server: NotificationsServer, name: string) => void,
) {
  beforeAll(() => registerOutboxHandlers(notificationHandlers));
  beforeEach(() => {
    const name = `${prefix}-${Math.random().toString(36).slice(2)}`;
    resetLocalDatabaseForTests(name);
    signedIn();
    use(installNotificationsServer(), name);
  });
  afterEach(() => {
    queryClient.clear();
    db.close();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
}
