// The reminders on screen, through the real router on real Dexie rows and the garage API double:
// the garage's Due list (overdue first, "Done" pre-filling a log), a car's reminders (empty state,
// delete), the form (validated like the server, templates, create and edit queued offline).
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Car, CarLog } from '@/contract/garage';
import type { Reminder } from '@/contract/maintenance-api';
import { endLiveShellTest } from '@/testing/live-shell-teardown';
import { localToday } from '@/features/garage';
import { installGarageServer } from '@/features/garage/testing/fake-garage-server';
import { bareCar } from '@/features/garage/testing/garage-fixtures';
import { addMonths, addDays } from '@/contract/maintenance';
import { addTranslations } from '@/lib/i18n';
import { db, resetLocalDatabaseForTests } from '@/lib/db';
import { signedIn } from '@/testing/api-client';
import { setSignedIn } from '@/testing/session-mock';
import { activateCatalog, renderApp } from '@/testing/test-utils';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
// A busy machine: the first test compiles the garage's route chunks while the other suites run.
configure({ asyncUtilTimeout: 30_000 });

let server: ReturnType<typeof installGarageServer>;
const TODAY = localToday();
const at = '2025-01-01T00:00:00.000Z';

const CAR: Car = bareCar({
  ownerId: 'member-1',
  make: 'Alpine',
  model: 'A110',
  mileage: 40000,
  createdAt: at,
  updatedAt: at,
});

function serviceLog(fields: Partial<CarLog>): CarLog {
  return {
    id: crypto.randomUUID(),
    carId: CAR.id,
    type: 'maintenance',
    title: 'Service',
    content: null,
    location: null,
    tags: [],
    cost: null,
    currencyCode: null,
    startDate: addMonths(TODAY, -13),
    mileage: 50000,
    media: [],
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
}

function reminder(fields: Partial<Reminder>): Reminder {
  return {
    id: crypto.randomUUID(),
    carId: CAR.id,
    title: 'Oil and filter change',
    logType: 'maintenance',
    intervalMonths: 12,
    intervalDistance: null,
    setDueDate: null,
    setDueMileage: null,
    soonDays: null,
    soonDistance: null,
    notes: null,
    createdMileage: 50000,
    createdAt: at,
    updatedAt: at,
    state: 'ok',
    dueDate: null,
    dueMileage: null,
    predictedDate: null,
    firedBy: null,
    doneLogId: null,
    ...fields,
  };
}

/** The same rows on the server double and on the device, the car's log book synced. */
async function seed(reminders: Reminder[], logs: CarLog[] = [serviceLog({})]) {
  server.cars.set(CAR.id, CAR);
  for (const l of logs) server.logs.set(l.id, l);
  for (const r of reminders) server.reminders.set(r.id, r);
  await db.cars.put(CAR as never);
  await db.carLogs.bulkPut(logs as never[]);
  await db.reminders.bulkPut(reminders as never[]);
  await db.meta.put({ key: `carLogsSyncedAt:${CAR.id}`, value: Date.now() });
  await db.settingsLabels.put({
    domain: 'carLogType',
    entries: ['maintenance', 'inspection', 'insurance', 'tax'].map((key) => ({
      key,
      domainId: 'carLogType',
      jsonPayload: { 'label_en-US': key, 'label_fr-FR': key },
    })),
    fetchedAt: Date.now(),
  });
}

const dueList = () => screen.getByRole('region', { name: 'Due' });
const carReminders = () => screen.getByRole('region', { name: 'Reminders' });

let dbCount = 0;
beforeEach(() => {
  dbCount += 1;
  resetLocalDatabaseForTests(`reminders-screens-${dbCount}-${Math.random().toString(36).slice(2)}`);
  signedIn();
  setSignedIn(true);
  server = installGarageServer();
  server.setToday(TODAY);
  activateCatalog('en-US');
  addTranslations('en-US', { 'MILEAGEUNIT.km': 'kilometres' });
});
afterEach(() => endLiveShellTest());

describe('the Due list', () => {
  it('lists overdue then soon reminders across the garage, not the ones up to date', async () => {
    await seed([
      reminder({ title: 'Tax', logType: 'tax', intervalMonths: null, setDueDate: addDays(TODAY, 5) }),
      reminder({ title: 'Oil and filter change' }),
      reminder({
        title: 'Insurance',
        logType: 'insurance',
        intervalMonths: null,
        setDueDate: addDays(TODAY, 200),
      }),
    ]);
    await renderApp('/my-cars');
    await waitFor(() =>
      expect(
        within(dueList())
          .getAllByTestId('reminder-row')
          .map((r) => r.textContent),
      ).toEqual([expect.stringContaining('Oil and filter change'), expect.stringContaining('Tax')]),
    );
    const [oil, tax] = within(dueList()).getAllByTestId('reminder-row');
    expect(within(oil!).getByText('Overdue')).toBeTruthy();
    expect(within(tax!).getByText('Soon')).toBeTruthy();
    expect(tax!.textContent).toContain('5 days left');
    // Done opens a new log with the reminder's type, its title and the odometer now.
    const done = within(oil!).getByRole('link', { name: 'Mark “Oil and filter change” done: log it' });
    const href = new URL(done.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe(`/new-car-log/${CAR.id}`);
    expect(Object.fromEntries(href.searchParams)).toEqual({
      type: 'maintenance',
      title: 'Oil and filter change',
      mileage: '50000',
    });
  });

  it('shows nothing while every reminder is up to date', async () => {
    await seed([reminder({ intervalMonths: 24 })]);
    await renderApp('/my-cars');
    await within(await screen.findByRole('region', { name: 'Reminders' })).findByText('Up to date');
    expect(screen.queryByRole('region', { name: 'Due' })).toBeNull();
  });
});

describe("a car's reminders", () => {
  it('empty: explains reminders and leads to the form', async () => {
    await seed([]);
    await renderApp('/my-cars');
    const section = await screen.findByRole('region', { name: 'Reminders' });
    await within(section).findByText(/No reminders yet/);
    expect(within(section).getByRole('link', { name: 'Add a reminder' }).getAttribute('href')).toBe(
      `/my-cars/${CAR.id}/reminders/new`,
    );
  });

  it('deletes one after confirming, queued for the server', async () => {
    const oil = reminder({});
    await seed([oil]);
    server.setOffline(true);
    await renderApp('/my-cars');
    fireEvent.click(
      await within(carReminders()).findByRole('button', { name: 'Delete “Oil and filter change”' }),
    );
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(async () =>
      expect((await db.outbox.toArray()).map((e) => [e.kind, e.path])).toEqual([
        ['reminder.delete', `/reminders/${oil.id}`],
      ]),
    );
    expect(await db.reminders.get(oil.id)).toBeUndefined();
  });
});

describe('the reminder form', () => {
  it('refuses a reminder without interval, then saves a template offline', async () => {
    await seed([]);
    server.setOffline(true);
    const { history } = await renderApp(`/my-cars/${CAR.id}/reminders/new`);
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: 'Belt' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText(/Give an interval in months or in distance/)).length).toBeGreaterThan(
      0,
    );
    expect(await db.outbox.count()).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Oil and filter change' }));
    expect((screen.getByLabelText(/^Every \(months\)/) as HTMLInputElement).value).toBe('12');
    expect(screen.getByText(/Empty: 36 days/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(history.location.pathname).toBe('/my-cars'));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'reminder.create', method: 'POST', path: '/reminders' });
    expect(entry?.body).toMatchObject({
      json: {
        carId: CAR.id,
        title: 'Oil and filter change',
        logType: 'maintenance',
        intervalMonths: 12,
        intervalDistance: 15000,
        dueDate: null,
      },
    });
  });

  it('edits a reminder: its values first, a PUT queued', async () => {
    const tax = reminder({ title: 'Tax', logType: 'tax', intervalMonths: null, setDueDate: '2027-03-31' });
    await seed([tax]);
    server.setOffline(true);
    await renderApp(`/my-cars/${CAR.id}/reminders/${tax.id}`);
    const title = (await screen.findByLabelText(/^Title/)) as HTMLInputElement;
    expect(title.value).toBe('Tax');
    expect((screen.getByRole('radio', { name: 'Once' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(title, { target: { value: 'Road tax' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect((await db.outbox.toArray()).map((e) => [e.kind, e.method, e.path])).toEqual([
        ['reminder.update', 'PUT', `/reminders/${tax.id}`],
      ]),
    );
    expect(await db.reminders.get(tax.id)).toMatchObject({ title: 'Road tax', setDueDate: '2027-03-31' });
  });
});

describe('Done', () => {
  it('the new log starts with the type, title and odometer the search gives', async () => {
    await seed([]);
    await renderApp(`/new-car-log/${CAR.id}?type=maintenance&title=Oil%20change&mileage=58000`);
    expect(((await screen.findByLabelText(/^Title/)) as HTMLInputElement).value).toBe('Oil change');
    expect((screen.getByLabelText(/^Mileage/) as HTMLInputElement).value).toBe('58000');
    await waitFor(() =>
      expect((screen.getByLabelText(/^Type/) as HTMLSelectElement).value).toBe('maintenance'),
    );
  });
});
