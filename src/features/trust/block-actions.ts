// Block and unblock as the trust screens call them: the writes go through the outbox (data/blocks.ts,
// with Dexie), loaded when the member blocks or unblocks someone, not with the "…" menu each post
// of the feed's first paint shows.
import type { BlockState } from '@/contract/trust';
import type { Outcome } from '@/lib/offline/outcome';

export async function blockMember(userId: string): Promise<Outcome<BlockState>> {
  return (await import('./data/blocks')).blockMember(userId);
}

export async function unblockMember(userId: string): Promise<Outcome<BlockState>> {
  return (await import('./data/blocks')).unblockMember(userId);
}
