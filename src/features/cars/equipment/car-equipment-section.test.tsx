// A car's tyres and equipment in its fuel and odometer section: the list with the distance each
// set covered, its age and its due reminder; adding a set; editing one, online and offline;
// mounting and removing one at a reading.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { dotDate, monthsBetween, type CarEquipment } from '@/contract/car-equipment';
import { localToday } from '@/features/garage';
import { appOutboxHandlers } from '@/app/outbox-handlers';
import { CAR_ID, makeCar, putCar } from '@/features/garage/testing/garage-fixtures';
import { garageScreenHooks } from '@/features/garage/testing/garage-screen';
import { db } from '@/lib/db';
import { createReplayer, registerOutboxHandlers } from '@/lib/outbox';
import { toast } from '@/lib/toast';
import { installFetch, ok } from '@/testing/fetch';
import { renderApp } from '@/testing/test-utils';
import {
  emptyEquipment,
  equipmentInput,
  equipmentUpdate,
  equipmentValues,
  formatAge,
  validateEquipment,
} from './equipment-values';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
// The shell's own outbox engine stays off: each test replays when it means to. Two replayers in one
// page (jsdom has no Web Locks to elect one) could both send an entry they read at once.
vi.mock('@/app/sync-lifecycle', async () => (await import('@/testing/sync-lifecycle-off')).syncLifecycleOff);
vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => registerOutboxHandlers(...appOutboxHandlers));

/** One pass of the outbox, as the app runs it once the server answers. */
const replay = () => createReplayer({ random: () => 0, refresh: vi.fn() }).replay();

const WINTER: CarEquipment = {
  id: 'e1',
  carId: CAR_ID,
  kind: 'tyres',
  name: 'Alpin 6, winter',
  dotCode: '2319',
  reminderDistance: 40_000,
  reminderAgeMonths: 72,
  stints: [{ mountedOn: '2025-11-01', mountedMileage: 30_000, removedOn: null, removedMileage: null }],
  mounted: true,
  distance: 12_000,
  ageMonths: 80,
  due: 'age',
  createdAt: '2025-11-01T10:00:00.000Z',
  updatedAt: '2025-11-01T10:00:00.000Z',
};
const SUMMER: CarEquipment = {
  ...WINTER,
  id: 'e2',
  name: 'Pilot Sport 4, summer',
  dotCode: null,
  reminderDistance: null,
  reminderAgeMonths: null,
  stints: [
    { mountedOn: '2025-04-01', mountedMileage: 20_000, removedOn: '2025-11-01', removedMileage: 30_000 },
  ],
  mounted: false,
  distance: 10_000,
  ageMonths: null,
  due: null,
};

/** What the app shell asks besides (the bell's count): answered, the server is there. */
const SERVER_THERE = { 'GET /api/v1.0/notifications/unread/count': () => ok({ count: 0 }) };

describe('tyres and equipment', () => {
  garageScreenHooks({ offline: false, seed: () => putCar(makeCar({ role: 'owner', mileage: 42_000 })) });

  it('lists each set mounted first, with its distance, age and due badge', async () => {
    installFetch({
      ...SERVER_THERE,
      [`GET /api/v1.0/cars/${CAR_ID}/equipment`]: () => ok([SUMMER, WINTER]),
    });
    await renderApp(`/car/${CAR_ID}/fuel`);
    const rows = await screen.findAllByTestId('equipment-row');
    expect(rows.map((row) => within(row).getByText(/winter|summer/).textContent)).toEqual([
      expect.stringContaining('Alpin 6, winter'),
      expect.stringContaining('Pilot Sport 4, summer'),
    ]);
    const [winter, summer] = rows as [HTMLElement, HTMLElement];
    expect(within(winter).getByText('Mounted')).toBeTruthy();
    expect(within(winter).getByText('Age reached')).toBeTruthy();
    expect(within(winter).getByText(/12,000 km covered/)).toBeTruthy();
    // Its age is derived on this device, by the contract's rule, from its DOT date to today.
    const age = formatAge(monthsBetween(dotDate('2319'), localToday()), 'en-US');
    expect(within(winter).getByText(new RegExp(`${age} old`))).toBeTruthy();
    expect(within(winter).getByText('Reminder at 40,000 km · 6 years')).toBeTruthy();
    expect(within(summer).getByText('Off the car')).toBeTruthy();
    expect(within(summer).getByText(/Removed on Nov 1, 2025 at 30,000 km/)).toBeTruthy();
  });

  it('removes a mounted set at the odometer it offers (POST /equipment/{id}/remove)', async () => {
    // The server's list follows its writes: the refetch after the removal answers the removed set.
    let stored = [WINTER];
    const server = installFetch({
      ...SERVER_THERE,
      [`GET /api/v1.0/cars/${CAR_ID}/equipment`]: () => ok(stored),
      'POST /api/v1.0/equipment/e1/remove': () => {
        stored = [
          {
            ...WINTER,
            mounted: false,
            stints: [{ ...WINTER.stints[0]!, removedOn: '2026-04-01', removedMileage: 42_000 }],
          },
        ];
        return ok(stored[0]);
      },
    });
    await renderApp(`/car/${CAR_ID}/fuel`);
    const row = (await screen.findAllByTestId('equipment-row'))[0]!;
    // Sent at once: enabled while the server answers (the app's other requests may say otherwise
    // for a moment), so tapped until its form opens.
    const remove = within(row).getByRole('button', { name: 'Remove' });
    await waitFor(() => {
      fireEvent.click(remove);
      expect(within(row).getByRole('textbox', { name: 'Odometer (km)' })).toBeTruthy();
    });
    expect((within(row).getByRole('textbox', { name: 'Odometer (km)' }) as HTMLInputElement).value).toBe(
      '42000',
    );
    fireEvent.change(within(row).getByRole('textbox', { name: /^Date/ }), {
      target: { value: '2026-04-01' },
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Remove now' }));
    // Applied on this device at once, then sent by the outbox.
    expect(await within(row).findByText('Off the car')).toBeTruthy();
    await replay();
    await waitFor(() => expect(server.to('POST', '/api/v1.0/equipment/e1/remove')).toHaveLength(1));
    expect(server.to('POST', '/api/v1.0/equipment/e1/remove')[0]?.body).toEqual({
      mileage: 42_000,
      date: '2026-04-01',
    });
    expect(await within(row).findByText('Off the car')).toBeTruthy();
  });

  it('adds a set of tyres with its DOT date and an age reminder in months', async () => {
    let stored: CarEquipment[] = [];
    const server = installFetch({
      ...SERVER_THERE,
      [`GET /api/v1.0/cars/${CAR_ID}/equipment`]: () => ok(stored),
      [`POST /api/v1.0/cars/${CAR_ID}/equipment`]: (req) => {
        stored = [{ ...SUMMER, ...(req.body as object), id: 'e3', stints: [], mounted: false, distance: 0 }];
        return ok(stored[0]);
      },
    });
    await renderApp(`/car/${CAR_ID}/fuel`);
    expect(await screen.findByText(/No tyres or equipment yet/)).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add' });
    await waitFor(() => {
      fireEvent.click(add);
      expect(screen.getByRole('textbox', { name: /^Name/ })).toBeTruthy();
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'CrossClimate 2' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^DOT date/ }), { target: { value: '5219' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Remind me at this age/ }), {
      target: { value: '6' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Kept on this device at once (pending), then sent by the outbox.
    const row = await screen.findByTestId('equipment-row');
    expect(within(row).getByText('CrossClimate 2')).toBeTruthy();
    await replay();
    await waitFor(() => expect(server.to('POST', `/api/v1.0/cars/${CAR_ID}/equipment`)).toHaveLength(1));
    expect(server.to('POST', `/api/v1.0/cars/${CAR_ID}/equipment`)[0]?.body).toMatchObject({
      kind: 'tyres',
      name: 'CrossClimate 2',
      dotCode: '5219',
      reminderDistance: null,
      reminderAgeMonths: 72,
    });
    expect(await screen.findByText('CrossClimate 2')).toBeTruthy();
  });

  it('a viewer of a shared car reads the list, without changing it', async () => {
    await putCar(makeCar({ role: 'viewer', ownerName: 'Alice Martin' }));
    installFetch({
      ...SERVER_THERE,
      [`GET /api/v1.0/cars/${CAR_ID}/equipment`]: () => ok([WINTER]),
    });
    await renderApp(`/car/${CAR_ID}/fuel`);
    expect(await screen.findByText('Alpin 6, winter')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });
});

/** Opens the edit form of the set in `row`, once its button answers (the app's first requests may hold it). */
async function openEdit(row: HTMLElement, name: string) {
  const edit = within(row).getByRole('button', { name: `Edit ${name}` });
  await waitFor(() => {
    fireEvent.click(edit);
    expect(within(row).getByRole('heading', { name: `Edit “${name}”` })).toBeTruthy();
  });
}
const field = (row: HTMLElement, name: RegExp) =>
  within(row).getByRole('textbox', { name }) as HTMLInputElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const toasts = () => toast.list().map((t) => t.message);

describe('editing a set', () => {
  describe('online', () => {
    garageScreenHooks({ offline: false, seed: () => putCar(makeCar({ role: 'owner', mileage: 42_000 })) });

    it('opens with its values, keeps them on bad input, then sends only what changed (PUT /equipment/{id})', async () => {
      let stored = [WINTER];
      const server = installFetch({
        ...SERVER_THERE,
        [`GET /api/v1.0/cars/${CAR_ID}/equipment`]: () => ok(stored),
        'PUT /api/v1.0/equipment/e1': (req) => {
          stored = [
            {
              ...WINTER,
              ...(req.body as object),
              ageMonths: 2,
              due: null,
              updatedAt: '2026-04-01T00:00:00.000Z',
            },
          ];
          return ok(stored[0]);
        },
      });
      await renderApp(`/car/${CAR_ID}/fuel`);
      const row = (await screen.findAllByTestId('equipment-row'))[0]!;
      await openEdit(row, 'Alpin 6, winter');
      expect(field(row, /^Name/).value).toBe('Alpin 6, winter');
      expect(field(row, /^DOT date/).value).toBe('2319');
      expect(field(row, /^Remind me after/).value).toBe('40000');
      expect(field(row, /^Remind me at this age/).value).toBe('6');

      // A DOT date with week 54: refused on the spot, nothing queued, every typed value still there.
      type(field(row, /^Name/), 'Alpin 7, winter');
      type(field(row, /^DOT date/), '5424');
      type(field(row, /^Remind me at this age/), '');
      fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
      expect(
        await within(row).findByText('Four digits: a week from 01 to 53, then the year (2319).'),
      ).toBeTruthy();
      expect(field(row, /^Name/).value).toBe('Alpin 7, winter');
      expect(field(row, /^Remind me at this age/).value).toBe('');
      expect(await db.outbox.count()).toBe(0);

      type(field(row, /^DOT date/), '0124');
      fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
      // Shown at once, from this device, pending: its age reminder gone, so no longer due.
      expect(await within(row).findByText('Alpin 7, winter')).toBeTruthy();
      expect(within(row).getByText('Pending')).toBeTruthy();
      expect(within(row).queryByText('Age reached')).toBeNull();
      expect(toasts()).toContain('Equipment updated.');
      const [entry] = await db.outbox.toArray();
      const change = { name: 'Alpin 7, winter', dotCode: '0124', reminderAgeMonths: null };
      expect(entry).toMatchObject({
        kind: 'equipment.update',
        method: 'PUT',
        path: '/equipment/e1',
        body: { type: 'json', json: change },
      });

      await replay();
      await waitFor(() => expect(server.to('PUT', '/api/v1.0/equipment/e1')).toHaveLength(1));
      // Only the fields changed: the kind and the distance reminder are not written back.
      expect(server.to('PUT', '/api/v1.0/equipment/e1')[0]?.body).toEqual(change);
      await waitFor(() => expect(within(row).queryByText('Pending')).toBeNull());
      expect((await db.carEquipment.get('e1'))?.updatedAt).toBe('2026-04-01T00:00:00.000Z');
      expect(within(row).getByText('Alpin 7, winter')).toBeTruthy();
    });
  });

  describe('offline', () => {
    garageScreenHooks({
      seed: async () => {
        await putCar(makeCar({ role: 'owner', mileage: 42_000 }));
        await db.carEquipment.put(WINTER);
      },
    });

    it('keeps the change on this device and in the outbox at once, pending', async () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      await renderApp(`/car/${CAR_ID}/fuel`);
      const row = (await screen.findAllByTestId('equipment-row'))[0]!;
      await openEdit(row, 'Alpin 6, winter');
      // A roof box has no DOT date: its field goes, and the date is cleared.
      fireEvent.change(within(row).getByRole('combobox', { name: 'Kind' }), {
        target: { value: 'roof_box' },
      });
      expect(within(row).queryByRole('textbox', { name: /^DOT date/ })).toBeNull();
      type(field(row, /^Remind me after/), '5 000');
      fireEvent.click(within(row).getByRole('button', { name: 'Save' }));

      // The row shows it at once: its new kind, the distance reminder reached (12,000 km covered).
      expect(await within(row).findByText('Distance reached')).toBeTruthy();
      expect(within(row).getByText(/^Roof box · /)).toBeTruthy();
      expect(within(row).getByText('Pending')).toBeTruthy();
      expect(toasts()).toContain('Saved on this device. It will sync when you are back online.');
      const entries = await db.outbox.toArray();
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        kind: 'equipment.update',
        entityId: 'e1',
        method: 'PUT',
        path: '/equipment/e1',
        body: { type: 'json', json: { kind: 'roof_box', dotCode: null, reminderDistance: 5000 } },
      });
      expect(await db.carEquipment.get('e1')).toMatchObject({
        kind: 'roof_box',
        name: 'Alpin 6, winter',
        dotCode: null,
        reminderDistance: 5000,
        reminderAgeMonths: 72,
        ageMonths: null,
        due: 'distance',
      });
    });

    it('queues nothing when nothing changed', async () => {
      await renderApp(`/car/${CAR_ID}/fuel`);
      const row = (await screen.findAllByTestId('equipment-row'))[0]!;
      await openEdit(row, 'Alpin 6, winter');
      fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(within(row).queryByRole('textbox', { name: /^Name/ })).toBeNull());
      expect(await db.outbox.count()).toBe(0);
    });
  });
});

describe('the equipment form', () => {
  it('edits against the set as opened: an untouched age of 18 months is neither checked nor sent', () => {
    const item = { ...WINTER, reminderAgeMonths: 18 };
    const initial = equipmentValues(item);
    expect(initial.reminderAgeYears).toBe('1.5');
    const renamed = { ...initial, name: ` ${initial.name} ` };
    expect(validateEquipment(renamed, initial)).toEqual({});
    expect(equipmentUpdate(renamed, item)).toEqual({});
    expect(equipmentUpdate({ ...initial, name: 'Alpin 7' }, item)).toEqual({ name: 'Alpin 7' });
    // Typed again, the age is checked like any other.
    expect(validateEquipment({ ...initial, reminderAgeYears: '1.6' }, initial).reminderAgeYears).toBeTruthy();
    expect(equipmentUpdate({ ...initial, reminderAgeYears: '2' }, item)).toEqual({ reminderAgeMonths: 24 });
  });

  it('checks the DOT date (week 01 to 53), the distance and the age as the contract does', () => {
    const values = {
      ...emptyEquipment(),
      name: ' Alpin ',
      dotCode: '5419',
      reminderDistance: '0',
      reminderAgeYears: '21',
    };
    expect(Object.keys(validateEquipment(values)).sort()).toEqual([
      'dotCode',
      'reminderAgeYears',
      'reminderDistance',
    ]);
    expect(validateEquipment({ ...emptyEquipment(), name: '' }).name).toEqual({ key: 'VALIDATION.REQUIRED' });
    expect(
      equipmentInput(
        { ...values, kind: 'roof_box', dotCode: '2319', reminderDistance: '5000', reminderAgeYears: '' },
        'x',
      ),
    ).toEqual({
      id: 'x',
      kind: 'roof_box',
      name: 'Alpin',
      dotCode: null,
      reminderDistance: 5000,
      reminderAgeMonths: null,
    });
  });

  it('says an age in the language of the app', () => {
    expect(formatAge(80, 'en-US')).toBe('6 years, 8 months');
    expect(formatAge(80, 'fr-FR').replace(/\s/g, ' ')).toBe('6 ans et 8 mois');
    expect(formatAge(5, 'en-US')).toBe('5 months');
    expect(formatAge(24, 'en-US')).toBe('2 years');
  });
});
