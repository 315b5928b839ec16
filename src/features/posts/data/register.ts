// The feed's onSent handlers, for the sync session (the replayer may run before any feed screen).
import { registerCommentHandlers } from './comments';
import { registerPostHandlers } from './handlers';

export function registerFeedHandlers(): void {
  registerPostHandlers();
  registerCommentHandlers();
}
