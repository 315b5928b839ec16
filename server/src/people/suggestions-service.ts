// Friend suggestions: friends of friends, members of my city, owners of the makes I own. Never me,
// my friends, or anyone with a pending (or declined) request between us. Ranked by how many kinds of
// reason someone has, then by mutual friends, then by shared makes; ties by id, so pages are stable.
import type { FriendSuggestion } from '../../../src/contract/people';
import { notFound } from '../http/errors';
import { toPersonCard } from './people-cards';
import type { PeopleRepository } from './people-repository';
import type { SuggestionsRepository } from './suggestions-repository';

interface Deps {
  people: PeopleRepository;
  suggestions: SuggestionsRepository;
}

interface Reasons {
  mutual: number;
  sameCity: boolean;
  makes: Set<string>;
}

const kinds = (r: Reasons) => Number(r.mutual > 0) + Number(r.sameCity) + Number(r.makes.size > 0);

export function suggestionsService({ people, suggestions }: Deps) {
  return {
    async suggest(memberId: string, limit: number): Promise<FriendSuggestion[]> {
      const me = await people.findById(memberId);
      if (!me) throw notFound('User');
      const city = me.city?.trim() || null;
      const [mutual, sameCity, makes] = await Promise.all([
        suggestions.mutualFriends(memberId),
        city ? suggestions.sameCity(memberId, city) : Promise.resolve([]),
        suggestions.sharedMakes(memberId),
      ]);
      const reasons = new Map<string, Reasons>();
      const of = (id: string) => {
        let r = reasons.get(id);
        if (!r) reasons.set(id, (r = { mutual: 0, sameCity: false, makes: new Set() }));
        return r;
      };
      for (const m of mutual) of(m.id).mutual = m.mutual;
      for (const id of sameCity) of(id).sameCity = true;
      for (const m of makes) of(m.id).makes.add(m.make);

      const best = [...reasons.entries()]
        .sort(
          ([a, ra], [b, rb]) =>
            kinds(rb) - kinds(ra) ||
            rb.mutual - ra.mutual ||
            rb.makes.size - ra.makes.size ||
            (a < b ? -1 : a > b ? 1 : 0),
        )
        .slice(0, limit);
      const rows = new Map((await people.findByIds(best.map(([id]) => id))).map((u) => [u.id, u]));
      return best.flatMap(([id, r]) => {
        const row = rows.get(id);
        if (!row) return [];
        return [
          {
            user: toPersonCard(row, { status: 'none', requestId: null }),
            mutualFriends: r.mutual,
            sameCity: r.sameCity,
            sharedMakes: [...r.makes].sort(),
          },
        ];
      });
    },
  };
}

export type SuggestionsService = ReturnType<typeof suggestionsService>;
