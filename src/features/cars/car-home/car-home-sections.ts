// The sections of a car's home (docs/SPEC-NOTES.md "A car's home"), each its own address under
// /car/{id}, and which of them a member sees: a friend's car (not shared with them) only its
// overview; a shared car everything but its history (import, export, dossier, sale: the owner's).
import type { Car } from '@/contract/garage';
import { roleOf } from '@/features/garage';

export const CAR_HOME_SECTIONS = [
  'overview',
  'logbook',
  'fuel',
  'reminders',
  'papers',
  'history',
  'people',
] as const;
export type CarHomeSection = (typeof CAR_HOME_SECTIONS)[number];

export const SECTION_LABEL_KEYS: Record<CarHomeSection, string> = {
  overview: 'CAR_HOME.OVERVIEW',
  logbook: 'CAR_HOME.LOGBOOK',
  fuel: 'CAR_HOME.FUEL',
  reminders: 'CAR_HOME.REMINDERS',
  papers: 'CAR_HOME.PAPERS',
  history: 'CAR_HOME.HISTORY',
  people: 'CAR_HOME.PEOPLE',
};

/** The sections shown for a car: `local` is the mirror's copy (null: a friend's car, not here). */
export function carHomeSections(local: Pick<Car, 'role'> | null | undefined): CarHomeSection[] {
  if (!local) return ['overview'];
  if (roleOf(local) === 'owner') return [...CAR_HOME_SECTIONS];
  return CAR_HOME_SECTIONS.filter((section) => section !== 'history');
}
