// A car's home (car/{id} and its sections): each section its own address, read from the mirror
// with no connection; a friend's car shows its overview only; a shared car's member sees no history;
// the papers section checks and saves the VIN and dates through the car's offline edit.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { firstCarShown, paintFirstCarHomeEarly } from '@/features/garage';
import { CAR_ID, makeCar, makeLog, putCar, putLog } from '@/features/garage/testing/garage-fixtures';
import { garageScreenHooks } from '@/features/garage/testing/garage-screen';
import { fill } from '@/features/garage/testing/fuel-fixtures';
import { makeReminder } from '@/features/garage/testing/reminder-fixtures';
import { appOutboxHandlers } from '@/app/outbox-handlers';
import { db } from '@/lib/db';
import { AFTER_PAINT_DELAY_MS } from '@/lib/offline/after-paint';
import { createReplayer, registerOutboxHandlers } from '@/lib/outbox';
import { deferred, fail, installFetch, ok } from '@/testing/fetch';
import { ListFormData, nodePhoto } from '@/testing/list-form-data';
import { carEquipmentRow, carPaperRow } from '@/testing/mirror-rows';
import { renderApp } from '@/testing/test-utils';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
// The shell's own outbox engine stays off: each test replays when it means to. Two replayers in one
// page (jsdom has no Web Locks to elect one) could both send an entry they read at once.
vi.mock('@/app/sync-lifecycle', async () => (await import('@/testing/sync-lifecycle-off')).syncLifecycleOff);
vi.setConfig({ testTimeout: 30_000 });
beforeAll(() => registerOutboxHandlers(...appOutboxHandlers));

/** One pass of the outbox, as the app runs it once the server answers. */
const replay = () => createReplayer({ random: () => 0, refresh: vi.fn() }).replay();

const sectionBar = () => screen.findByRole('navigation', { name: 'Car sections' });
const tabs = async () =>
  within(await sectionBar())
    .getAllByRole('link')
    .map((link) => link.textContent);

describe("one of my cars' home, offline", () => {
  garageScreenHooks({
    seed: async () => {
      await putCar(makeCar({ role: 'owner' }));
      await putLog(makeLog());
    },
  });

  it('has its seven sections, each its own address, and the overview at a glance', async () => {
    const { router } = await renderApp(`/car/${CAR_ID}`);
    expect(await tabs()).toEqual([
      'Overview',
      'Logbook',
      'Fuel and odometer',
      'Reminders',
      'Papers',
      'History',
      'People',
    ]);
    const overview = within(await sectionBar()).getByRole('link', { name: 'Overview' });
    expect(overview.getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { level: 2, name: 'Bleue' })).toBeTruthy();
    const glance = await screen.findByRole('region', { name: 'At a glance' });
    expect(within(glance).getByText('Average consumption')).toBeTruthy();

    fireEvent.click(within(await sectionBar()).getByRole('link', { name: 'Logbook' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/car/${CAR_ID}/logbook`));
    expect(await screen.findByText('Oil change')).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/Car logbook · Paddock$/));
    expect(
      within(await sectionBar())
        .getByRole('link', { name: 'Logbook' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('opens a deep link to a section straight from the mirror', async () => {
    await renderApp(`/car/${CAR_ID}/reminders`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Reminders' })).toBeTruthy();
  });

  it('shows the fuel and odometer section, its equipment needing a connection the first time', async () => {
    await renderApp(`/car/${CAR_ID}/fuel`);
    expect(await screen.findByTestId('economy-section')).toBeTruthy();
    expect(await screen.findByText('The equipment needs a connection the first time.')).toBeTruthy();
    // Adding works offline (kept on this device, sent through the outbox): the button stays enabled.
    expect(screen.getByRole('button', { name: 'Add' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the equipment and papers this device holds, offline, with their figures derived here', async () => {
    await putCar(makeCar({ role: 'owner', mileage: 42_000 }));
    await db.carEquipment.put(
      carEquipmentRow({
        id: 'e1',
        carId: CAR_ID,
        stints: [{ mountedOn: '2025-11-01', mountedMileage: 30_000, removedOn: null, removedMileage: null }],
      }),
    );
    await db.carPapers.put(carPaperRow({ id: 'p1', carId: CAR_ID, kind: 'insurance' }));
    await renderApp(`/car/${CAR_ID}/fuel`);
    const [row] = await screen.findAllByTestId('equipment-row');
    expect(within(row!).getByText(/12,000 km covered/)).toBeTruthy();
    expect(within(row!).getByText('Mounted')).toBeTruthy();
    await renderApp(`/car/${CAR_ID}/papers`);
    const list = await screen.findByTestId('car-papers-list');
    expect(await within(list).findByText('Insurance card')).toBeTruthy();
    expect(
      await within(list).findByText('The list kept on this device; it could not be refreshed.'),
    ).toBeTruthy();
  });

  it('shows the history section to the owner: import, dossier and sale', async () => {
    await renderApp(`/car/${CAR_ID}/history`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Import and export' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Import/ }).getAttribute('href')).toBe(
      `/my-cars/${CAR_ID}/import`,
    );
  });
});

describe('papers and dates', () => {
  garageScreenHooks({
    seed: async () => {
      await putCar(makeCar({ role: 'owner', plate: 'AB-123-CD', inspectionDueDate: '2030-05-01' }));
      await db.reminders.put(makeReminder({ source: 'inspectionDueDate' }));
    },
  });

  const vinField = () => screen.getByRole('textbox', { name: /^VIN/ });
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

  it("shows the car's papers from the mirror and the reminder its due date keeps", async () => {
    await renderApp(`/car/${CAR_ID}/papers`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Papers and dates' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Registration plate/ }) as HTMLInputElement).value).toBe(
      'AB-123-CD',
    );
    expect(await screen.findByText('Roadworthiness test')).toBeTruthy();
    // Offline: the attached papers wait for a connection the first time; adding one works offline.
    expect(await screen.findByText('The papers need a connection the first time.')).toBeTruthy();
    expect(screen.getByLabelText('Photo or PDF').hasAttribute('disabled')).toBe(false);
  });

  it('adds a paper offline: kept on this device with its file, pending, queued for the server', async () => {
    vi.stubGlobal('FormData', ListFormData);
    await renderApp(`/car/${CAR_ID}/papers`);
    const list = await screen.findByTestId('car-papers-list');
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), { target: { value: 'inspection' } });
    fireEvent.change(screen.getByLabelText('Photo or PDF'), { target: { files: [nodePhoto('ct.jpg')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the paper' }));
    const row = await within(list).findByTestId('car-paper-row');
    expect(within(row).getByText('Inspection report')).toBeTruthy();
    expect(within(row).getByText('Pending')).toBeTruthy();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'carPaper.create', method: 'POST', path: `/cars/${CAR_ID}/papers` });
    expect(await db.mediaBlobs.count()).toBe(1);
  });

  it('refuses a VIN with an O, as the server would', async () => {
    await renderApp(`/car/${CAR_ID}/papers`);
    await screen.findByRole('heading', { level: 2, name: 'Papers and dates' });
    fireEvent.change(vinField(), { target: { value: 'VF1OOOOOOOOOOOOOO' } });
    save();
    expect(await screen.findByText('A VIN has 17 letters and digits, without I, O or Q.')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });

  it('warns about a wrong North American check digit, and saves the VIN upper-cased on this device', async () => {
    await renderApp(`/car/${CAR_ID}/papers`);
    await screen.findByRole('heading', { level: 2, name: 'Papers and dates' });
    // 1M8GDM9AXKP042788 is a valid check digit; a 1 in its place is not.
    fireEvent.change(vinField(), { target: { value: '1m8gdm9a1kp042788' } });
    expect(await screen.findByText(/The check digit of this North American VIN does not match/)).toBeTruthy();
    save();
    await waitFor(async () => expect((await db.cars.get(CAR_ID))?.vin).toBe('1M8GDM9A1KP042788'));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ method: 'PUT', path: `/cars/${CAR_ID}` });
    expect(entry?.body).toMatchObject({
      type: 'json',
      json: { vin: '1M8GDM9A1KP042788', base: { vin: null } },
    });
    // Only the field changed travels.
    expect(Object.keys((entry?.body as { json: object }).json).sort()).toEqual(['base', 'vin']);
  });

  it("shows the server's warning about the VIN it holds", async () => {
    await putCar(makeCar({ role: 'owner', vin: 'VF1RFB00X56789012', vinWarning: 'checkDigit' }));
    await renderApp(`/car/${CAR_ID}/papers`);
    expect(await screen.findByText(/The check digit of this North American VIN does not match/)).toBeTruthy();
    fireEvent.change(vinField(), { target: { value: 'VF1RFB00X56789013' } });
    expect(screen.queryByText(/The check digit/)).toBeNull();
  });

  it('no warning on a right check digit or a European VIN', async () => {
    await renderApp(`/car/${CAR_ID}/papers`);
    await screen.findByRole('heading', { level: 2, name: 'Papers and dates' });
    fireEvent.change(vinField(), { target: { value: '1M8GDM9AXKP042788' } });
    fireEvent.change(vinField(), { target: { value: 'VF1RFB00X56789012' } });
    expect(screen.queryByText(/The check digit/)).toBeNull();
  });
});

describe('a car that is not mine', () => {
  garageScreenHooks({ offline: false });

  it("a friend's car: its overview only, and a deep link to a section says it is for members", async () => {
    const friendCar = makeCar({
      id: '55555555-5555-4555-8555-555555555555',
      ownerId: '66666666-6666-4666-8666-666666666666',
      nickname: null,
    });
    installFetch({
      'GET /api/v1.0/cars/feed': () => ok([]),
      [`GET /api/v1.0/cars/${friendCar.id}`]: () => ok(friendCar),
      [`GET /api/v1.0/cars/${friendCar.id}/posts`]: () => ok([]),
    });
    await renderApp(`/car/${friendCar.id}/papers`);
    expect(await screen.findByText("For the car's owner and members")).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Car sections' })).toBeNull();
  });

  it('one of mine not yet on this device (a deep link on a new device): asked for with my cars, then mine', async () => {
    const mine = makeCar({ role: 'owner' });
    const { to } = installFetch({
      'GET /api/v1.0/cars/feed': () => ok([mine]),
      [`GET /api/v1.0/cars/${CAR_ID}`]: () => ok(mine),
    });
    await renderApp(`/car/${CAR_ID}/history`);
    expect(await screen.findByRole('button', { name: 'Sell / transfer this car' })).toBeTruthy();
    expect(await tabs()).toContain('History');
    expect(screen.queryByText("For the car's owner and members")).toBeNull();
    expect(await db.cars.get(CAR_ID)).toBeTruthy();
    expect(to('GET', '/api/v1.0/cars/feed')).toHaveLength(1);
  });

  it('one of mine on a new device: its sections from the server at once, kept while the mirror fills', async () => {
    const mine = makeCar({ role: 'owner' });
    const myCars = deferred<Response>();
    installFetch({
      'GET /api/v1.0/cars/feed': () => myCars.promise,
      [`GET /api/v1.0/cars/${CAR_ID}`]: () => ok(mine),
      [`GET /api/v1.0/cars/${CAR_ID}/build-thread`]: () => ok([]),
    });
    await renderApp(`/car/${CAR_ID}`);
    // The server's answer carries my role: the bar and the glance's place are drawn before my cars
    // are on this device (nothing is pushed down when they arrive: the layout shift Lighthouse saw).
    expect(await tabs()).toHaveLength(7);
    expect(screen.getByRole('status', { name: 'Loading the car…' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'At a glance' })).toBeNull();
    const bar = await sectionBar();
    let barLeft = false;
    const watch = new MutationObserver(() => {
      barLeft ||= !bar.isConnected;
    });
    watch.observe(document.body, { childList: true, subtree: true });
    myCars.resolve(ok([mine]));
    expect(await screen.findByRole('region', { name: 'At a glance' })).toBeTruthy();
    expect(await db.cars.get(CAR_ID)).toBeTruthy();
    watch.disconnect();
    expect(barLeft).toBe(false);
    expect(await sectionBar()).toBe(bar);
    // Removed from it mid-way (the mirror drops it): no longer mine, though the server's earlier
    // answer with my role is still in the cache — the mirror is the truth once it has had the car.
    await db.cars.delete(CAR_ID);
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Car sections' })).toBeNull());
    expect(screen.queryByRole('region', { name: 'At a glance' })).toBeNull();
  });

  it('a cold start that painted the car first: the app starts from that answer, never asking for it again', async () => {
    const mine = makeCar({ role: 'owner', nickname: 'Bleue' });
    const shell = document.implementation.createHTMLDocument('');
    shell.body.innerHTML = '<div id="root"><div class="app-shell"></div></div>';
    await expect(paintFirstCarHomeEarly(Promise.resolve(mine), shell)).resolves.toBe(true);
    const myCars = deferred<Response>();
    const { to } = installFetch({
      'GET /api/v1.0/cars/feed': () => myCars.promise,
      [`GET /api/v1.0/cars/${CAR_ID}/build-thread`]: () => ok([]),
    });
    await renderApp(`/car/${CAR_ID}`);
    // No skeleton in its place: the car and its sections from the first render on.
    expect(screen.getByRole('heading', { level: 2, name: 'Bleue' })).toBeTruthy();
    expect(await tabs()).toHaveLength(7);
    expect(to('GET', `/api/v1.0/cars/${CAR_ID}`)).toHaveLength(0);
    myCars.resolve(ok([mine]));
    expect(await screen.findByRole('region', { name: 'At a glance' })).toBeTruthy();
    // Once the mirror has it, a later visit starts from the mirror, not from the painted answer.
    await waitFor(() => expect(firstCarShown(CAR_ID)).toBeUndefined());
  });

  it("a car shared with me: no history section, and its address says it is the owner's", async () => {
    await putCar(makeCar({ role: 'viewer', ownerName: 'Alice Martin' }));
    installFetch({ [`GET /api/v1.0/cars/${CAR_ID}/members`]: () => ok([]) });
    await renderApp(`/car/${CAR_ID}/history`);
    expect(await tabs()).not.toContain('History');
    expect(await screen.findByText("For the car's owner")).toBeTruthy();
  });
});

/** The reminders and logs the papers section refreshes, answered empty (the server is there). */
const QUIET_SYNC = {
  'GET /api/v1.0/notifications/unread/count': () => ok({ count: 0 }),
  'GET /api/v1.0/reminders': () => ok([]),
  [`GET /api/v1.0/car-logs/${CAR_ID}`]: () => ok([]),
};

describe('the attached papers, online', () => {
  garageScreenHooks({ offline: false, seed: () => putCar(makeCar({ role: 'owner' })) });

  it('lists them (GET /cars/{id}/papers) and adds one through the outbox as multipart data + file', async () => {
    vi.stubGlobal('FormData', ListFormData);
    const paper = carPaperRow({ id: 'p1', carId: CAR_ID, kind: 'insurance' });
    const server = installFetch({
      [`GET /api/v1.0/cars/${CAR_ID}/papers`]: () => ok([paper]),
      [`POST /api/v1.0/cars/${CAR_ID}/papers`]: (req) => {
        const data = JSON.parse((req.body as ListFormData).get('data') as string) as { id: string };
        return ok({ ...paper, id: data.id, kind: 'registration', fileKind: 'image', mime: 'image/jpeg' });
      },
      ...QUIET_SYNC,
    });
    await renderApp(`/car/${CAR_ID}/papers`);
    const list = await screen.findByTestId('car-papers-list');
    const rows = () => within(list).findAllByTestId('car-paper-row');
    expect(within((await rows())[0]!).getByText('Insurance card')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Photo or PDF'), {
      target: { files: [nodePhoto('carte-grise.jpg')] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add the paper' }));
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    expect(within((await rows())[1]!).getByText('Registration certificate')).toBeTruthy();
    const added = (await db.carPapers.toArray()).find((p) => p.kind === 'registration')!;
    expect(added.url).toMatch(/^local:/);
    // The outbox sends it: the server reads the kind and the client id in `data`, the file in `file`.
    await replay();
    await waitFor(() => expect(server.to('POST', `/api/v1.0/cars/${CAR_ID}/papers`)).toHaveLength(1));
    const form = server.to('POST', `/api/v1.0/cars/${CAR_ID}/papers`)[0]?.body as ListFormData;
    expect(JSON.parse(form.get('data') as string)).toEqual({ id: added.id, kind: 'registration' });
    expect((form.get('file') as { filename?: string }).filename).toBe('carte-grise.jpg');
    await waitFor(async () => expect((await db.carPapers.get(added.id))?.url).toBe(paper.url));
  });

  it('removes one after asking, at once on this device, then DELETE /cars/{id}/papers/{paperId}', async () => {
    let stored = [carPaperRow({ id: 'p1', carId: CAR_ID, kind: 'inspection' })];
    const server = installFetch({
      [`GET /api/v1.0/cars/${CAR_ID}/papers`]: () => ok(stored),
      [`DELETE /api/v1.0/cars/${CAR_ID}/papers/p1`]: () => {
        stored = [];
        return ok({ id: 'p1' });
      },
      ...QUIET_SYNC,
    });
    await renderApp(`/car/${CAR_ID}/papers`);
    const list = await screen.findByTestId('car-papers-list');
    const [row] = await within(list).findAllByTestId('car-paper-row');
    fireEvent.click(within(row!).getByRole('button', { name: 'Remove the paper “Inspection report”' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await within(list).findByText(/No papers yet/)).toBeTruthy();
    await replay();
    await waitFor(() => expect(server.to('DELETE', `/api/v1.0/cars/${CAR_ID}/papers/p1`)).toHaveLength(1));
  });

  it('says so when the list cannot be loaded', async () => {
    installFetch({
      [`GET /api/v1.0/cars/${CAR_ID}/papers`]: () => fail(403, 'FORBIDDEN', 'no'),
      ...QUIET_SYNC,
    });
    await renderApp(`/car/${CAR_ID}/papers`);
    expect(await screen.findByText('The papers could not be loaded.')).toBeTruthy();
  });
});

describe('fill-ups on the overview', () => {
  garageScreenHooks({
    seed: async () => {
      await putCar(makeCar({ role: 'owner' }));
      for (const log of [
        fill('2026-01-01', 10_000, 40, 80),
        fill('2026-02-01', 10_800, 45, 90),
        fill('2026-03-01', 11_400, 30, 60),
      ])
        await putLog({ ...log, carId: CAR_ID });
    },
  });

  it('says the last fill-up and the average consumption, offline', async () => {
    await renderApp(`/car/${CAR_ID}`);
    const glance = await screen.findByRole('region', { name: 'At a glance' });
    // 75 l over 1,400 km.
    await waitFor(() => expect(within(glance).getByText('5.4 L/100 km')).toBeTruthy());
    expect(within(glance).getByText('Mar 1, 2026')).toBeTruthy();
  });
});

describe('a long logbook in the car’s home', () => {
  garageScreenHooks({
    seed: async () => {
      await putCar(makeCar({ role: 'owner' }));
      await db.carLogs.bulkPut(
        Array.from({ length: 45 }, (_, n) =>
          makeLog({
            id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
            title: `Log ${n}`,
            startDate: `2025-${String(1 + Math.floor(n / 28)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
            cost: 10,
          }),
        ),
      );
    },
  });

  it('shows its newest logs first, then its count and sum over every log (read after that paint)', async () => {
    await renderApp(`/car/${CAR_ID}/logbook`);
    // The newest log, told as one of 45 whether from the first page or the whole logbook.
    const newest = await screen.findByText('Log 44');
    expect(newest.closest('[role="listitem"]')?.getAttribute('aria-setsize')).toBe('45');
    expect(screen.getByText('45 logs')).toBeTruthy();
    // The sum comes with the whole logbook (the first page's line says it is being counted).
    expect((await screen.findByTestId('log-sum')).textContent).toBe('€450.00');
  });
});

describe('what the car’s home reads of a long logbook', () => {
  const LOGS = 120;
  garageScreenHooks({
    seed: async () => {
      await putCar(makeCar({ role: 'owner' }));
      await db.carLogs.bulkPut(
        Array.from({ length: LOGS - 3 }, (_, n) =>
          makeLog({
            id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
            title: `Log ${n}`,
            startDate: `2025-${String(1 + Math.floor(n / 28)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
            mileage: null,
            cost: 10,
          }),
        ),
      );
      for (const log of [
        fill('2026-01-01', 10_000, 40, 80),
        fill('2026-02-01', 10_800, 45, 90),
        fill('2026-03-01', 11_400, 30, 60),
      ])
        await putLog({ ...log, carId: CAR_ID });
    },
  });

  /** Every log row the mirror hands to the app from now on (Dexie's reading hook), by id. */
  function countRowsRead() {
    const read: string[] = [];
    db.carLogs.hook('reading', (row) => {
      read.push((row as { id: string }).id);
      return row;
    });
    return read;
  }

  it('the overview reads its glance and the fill-ups, never the whole logbook', async () => {
    const read = countRowsRead();
    await renderApp(`/car/${CAR_ID}`);
    const glance = await screen.findByRole('region', { name: 'At a glance' });
    // The average consumption of the three fill-ups: 75 l over 1,400 km.
    await waitFor(() => expect(within(glance).getByText('5.4 L/100 km')).toBeTruthy());
    expect(within(glance).getByText('Mar 1, 2026')).toBeTruthy();
    expect(read.length).toBeGreaterThan(0);
    expect(new Set(read).size).toBeLessThan(LOGS / 2);
  });

  it('a Logbook left right after its first rows never reads every log; one that stays does', async () => {
    const read = countRowsRead();
    const { router } = await renderApp(`/car/${CAR_ID}/logbook`);
    const newest = await screen.findByText('Log 116');
    expect(newest.closest('[role="listitem"]')?.getAttribute('aria-setsize')).toBe(String(LOGS));
    // The whole logbook waits until the first page has been shown a moment: gone before then.
    fireEvent.click(within(await sectionBar()).getByRole('link', { name: 'Overview' }));
    // The overview's own later read (its average consumption) waits the same delay, started after
    // the Logbook's: once it has shown, the Logbook's would have started too, had it not ended.
    const glance = await screen.findByRole('region', { name: 'At a glance' });
    await waitFor(() => expect(within(glance).getByText('5.4 L/100 km')).toBeTruthy());
    expect(new Set(read).size).toBeLessThan(LOGS / 2);

    // Back on the Logbook, staying: every log is read, for the sum (and the filters).
    fireEvent.click(within(await sectionBar()).getByRole('link', { name: 'Logbook' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/car/${CAR_ID}/logbook`));
    expect(await screen.findByTestId('log-sum')).toBeTruthy();
    expect(new Set(read).size).toBe(LOGS);
  });

  it('a touch on the first rows reads the rest at once, without waiting for an idle moment', async () => {
    // No idle moment ever comes: only the member's touch can start the whole read.
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    // The delay passes on a fake clock (which still follows real time, for the route to load).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      await renderApp(`/car/${CAR_ID}/logbook`);
      const newest = await screen.findByText('Log 116');
      await act(() => vi.advanceTimersByTimeAsync(3 * AFTER_PAINT_DELAY_MS));
      vi.useRealTimers();
      expect(screen.queryByTestId('log-sum')).toBeNull();
      expect(screen.getByText('Counting…')).toBeTruthy();
      fireEvent.pointerDown(newest);
      expect((await screen.findByTestId('log-sum')).textContent).toBe('€1,400.00');
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });
});
