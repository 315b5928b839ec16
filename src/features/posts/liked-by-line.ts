// "Liked by you, Anna and 3 others": the names this device knows (me, my friends, the author, the
// likers already listed), at most LIKED_BY_NAMES_MAX of them; everyone else is counted.

/** Names a post's "Liked by" line writes out before counting the others. */
export const LIKED_BY_NAMES_MAX = 2;

export interface LikedByParts {
  /** Names written out, in the order of the post's `likes` (mine first when I like it). */
  names: string[];
  /** Likers counted, not named. */
  others: number;
}

/** Whom the line names and how many it counts; null when nobody likes the post. */
export function likedByLine(
  likes: string[],
  likesCount: number,
  nameOf: (id: string) => string | undefined,
): LikedByParts | null {
  if (likesCount <= 0) return null;
  const names: string[] = [];
  for (const id of likes) {
    if (names.length === LIKED_BY_NAMES_MAX) break;
    const name = nameOf(id);
    if (name) names.push(name);
  }
  return { names, others: Math.max(0, likesCount - names.length) };
}

/** The line's text from its parts, with the catalog's sentences. */
export function likedByText(
  t: (key: string, values?: Record<string, unknown>) => string,
  parts: LikedByParts,
): string {
  const { names, others } = parts;
  if (names.length === 0) return t('POSTS.LIKED_BY_PEOPLE', { count: others });
  if (others > 0) return t('POSTS.LIKED_BY_MORE', { names: names.join(', '), count: others });
  const [first = '', second] = names;
  return t('POSTS.LIKED_BY', {
    names: second === undefined ? first : t('POSTS.NAMES_AND', { first, second }),
  });
}
