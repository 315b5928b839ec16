// How the moderators' "remove-content" reaches each feature's own deletion (its files, counters and
// live updates stay that feature's business): a feature registers, once per app, the remover of
// the things it owns; the moderation service calls it with the thing's id and its author.
import type { FastifyInstance } from 'fastify';
import type { ReportTargetType } from '../../../src/contract/trust';

export type ContentRemover = (id: string, authorId: string) => Promise<void>;

// One registry per database, like the notifications service (every scope of an app shares it).
const registries = new WeakMap<object, Map<ReportTargetType, ContentRemover>>();

export function contentRemovers(app: FastifyInstance): Map<ReportTargetType, ContentRemover> {
  let found = registries.get(app.db);
  if (!found) {
    found = new Map();
    registries.set(app.db, found);
  }
  return found;
}

/** Called by a feature where it builds its service: `registerContentRemover(app, 'post', …)`. */
export function registerContentRemover(app: FastifyInstance, type: ReportTargetType, remove: ContentRemover) {
  contentRemovers(app).set(type, remove);
}
