// After the server took a block or an unblock: the screen waiting gets the answer, the mirror
// drops again what a sync may have brought back meanwhile, and the lists that show friends,
// people and my blocked members ask the server again. Handlers run after the fetch, outside any
// transaction (src/lib/outbox/handlers.ts).
import { localDb } from '@/lib/db';
import { settleSent } from '@/lib/offline/outcome';
import { type OnSent, type OutboxHandlers, withKindLabels } from '@/lib/outbox';
import { queryClient } from '@/lib/query/query-client';
import { hideBlockedMember } from './blocks';
import { TRUST_KINDS } from './kinds';

/** The query keys of the lists a block changes (the friends' and people's, and my blocked members). */
export const BLOCK_QUERY_KEYS = [['friends'], ['people'], ['trust', 'blocks']] as const;

const userIdOf = (path: string) => decodeURIComponent(path.split('/')[2] ?? '');

const refresh = () =>
  Promise.all(BLOCK_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));

const blockSent: OnSent = async (entry, data) => {
  settleSent(entry, data);
  const userId = userIdOf(entry.path);
  const database = await localDb();
  await database.transaction(
    'rw',
    [database.posts, database.comments, database.chatMessages, database.chatRooms],
    () => hideBlockedMember(database, userId),
  );
  await refresh();
};

const unblockSent: OnSent = async (entry, data) => {
  settleSent(entry, data);
  await refresh();
};

/** The trust feature's reconciliation handlers, by entry kind (the app registers them). */
export const trustHandlers: OutboxHandlers = withKindLabels(
  {
    [TRUST_KINDS.block]: blockSent,
    [TRUST_KINDS.unblock]: unblockSent,
  },
  {
    [TRUST_KINDS.block]: 'SYNC.KIND_MEMBER_BLOCK',
    [TRUST_KINDS.unblock]: 'SYNC.KIND_MEMBER_UNBLOCK',
  },
);
