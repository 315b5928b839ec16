// The app wires the offline engine: every offline feature's handlers (entry kind → handler), so
// an entry queued in an earlier session has its handler before it is sent, whatever screen opens
// first. A kind missing here is a loud error in tests and needs attention at run time.
// The handler modules themselves, not the data layers' indexes. This chunk loads only when an
// entry is to be sent or the sync panel names one (sync-session.ts, src/lib/outbox/handlers.ts):
// a cold start with nothing waiting does not download it (docs/BENCHMARKS.md).
import { chatHandlers } from '@/features/chat/data/handlers';
import { garageHandlers } from '@/features/garage/data/handlers';
import { messageHandlers } from '@/features/messages/data/handlers';
import { notificationHandlers } from '@/features/notifications/data/handlers';
import { peopleHandlers } from '@/features/people/data/handlers';
import { commentHandlers } from '@/features/posts/data/comments';
import { postHandlers } from '@/features/posts/data/handlers';
import { trustHandlers } from '@/features/trust/data/handlers';
import type { OutboxHandlers } from '@/lib/outbox';

export const appOutboxHandlers: OutboxHandlers[] = [
  garageHandlers,
  postHandlers,
  commentHandlers,
  messageHandlers,
  chatHandlers,
  peopleHandlers,
  notificationHandlers,
  trustHandlers,
];
