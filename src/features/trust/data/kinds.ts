// The outbox entry kinds of the trust feature: a block and an unblock work offline like every
// other write (docs/OFFLINE-FIRST.md), queued under the other member's row so they go in order.
export const TRUST_KINDS = {
  block: 'member.block',
  unblock: 'member.unblock',
} as const;

/** The row a block or unblock of this member is queued under. */
export const blockEntity = (userId: string) => `block:${userId}`;
