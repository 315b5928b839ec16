// A reminder as the server answers it, for the screens' tests (a one-off date reminder by default).
import type { Reminder } from '@/contract/maintenance-api';
import { CAR_ID } from './garage-fixtures';

export function makeReminder(overrides: Partial<Reminder> = {}): Reminder {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    carId: CAR_ID,
    title: 'Roadworthiness test',
    logType: null,
    intervalMonths: null,
    intervalDistance: null,
    setDueDate: '2030-05-01',
    setDueMileage: null,
    soonDays: null,
    soonDistance: null,
    notes: null,
    createdMileage: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    state: 'ok',
    dueDate: '2030-05-01',
    dueMileage: null,
    predictedDate: null,
    firedBy: null,
    doneLogId: null,
    ...overrides,
  };
}
