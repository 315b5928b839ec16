// Who wrote each log of a shared car: "by <name>" from the car's members, kept for
// offline with the members query. A car nobody shares shows no author.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Car } from '@/contract/garage';
import { displayName } from '@/lib/text/display-name';
import type { SyncState } from '@/lib/offline/types';
import { carPermissions, useCarMembers } from '@/features/garage';

type Authors = ReadonlyMap<string, string> | null;
type CarOfLogs = Pick<Car, 'id' | 'role' | 'ownerId' | 'ownerName'> & { syncState?: SyncState | undefined };

const AuthorsContext = createContext<Authors>(null);

/** The car's writers' names by id, or null when the car is not shared (nothing to tell apart). */
export function useCarAuthors(car: CarOfLogs): Authors {
  // A car made on this device and still waiting to be sent: not known there, nor shared.
  const members = useCarMembers(car.id, car.role !== undefined || car.syncState === undefined);
  const { shared } = carPermissions(car);
  return useMemo(() => {
    const accepted = (members.data ?? []).filter((m) => m.status === 'accepted');
    if (!shared && accepted.length < 2) return null;
    const names = new Map(accepted.map((m) => [m.userId, displayName(m)]));
    if (!names.has(car.ownerId) && car.ownerName) names.set(car.ownerId, car.ownerName);
    return names;
  }, [members.data, shared, car.ownerId, car.ownerName]);
}

/** Gives the rows of a car's logbook its writers' names. */
export function CarAuthorsProvider({ car, children }: { car: CarOfLogs; children: ReactNode }) {
  const authors = useCarAuthors(car);
  return <AuthorsContext.Provider value={authors}>{children}</AuthorsContext.Provider>;
}

/** The name of a log's writer when its car is shared (null otherwise, or for an unknown writer). */
export function useLogAuthor(authorId: string | undefined): string | null {
  const authors = useContext(AuthorsContext);
  return authors && authorId ? (authors.get(authorId) ?? null) : null;
}
