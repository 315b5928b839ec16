// Mentions (docs/SPEC-NOTES.md "Hashtags and mentions"): who the usernames of a text are, and who
// was told of a mention already (one notification per member and post or comment, ever).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertIfNew } from '../db/insert-if-new';
import './posts-tables';

export function mentionsRepository(db: Kysely<Database>) {
  return {
    /** The members with these usernames (lower-cased); deleted members are nobody. */
    async membersNamed(usernames: string[]): Promise<{ id: string }[]> {
      if (usernames.length === 0) return [];
      return db
        .selectFrom('users')
        .select('id')
        .where('username_lower', 'in', usernames)
        .where('deleted_at', 'is', null)
        .execute();
    },

    /** Records that the member is told of the mention; false when they were told before. */
    async record(mention: {
      sourceId: string;
      memberId: string;
      postId: string;
      commentId: string | null;
      at: string;
    }): Promise<boolean> {
      return insertIfNew(
        db.insertInto('mentions').values({
          source_id: mention.sourceId,
          member_id: mention.memberId,
          post_id: mention.postId,
          comment_id: mention.commentId,
          created_at: mention.at,
        }),
        'source_id',
        'member_id',
      );
    },
  };
}

export type MentionsRepository = ReturnType<typeof mentionsRepository>;
