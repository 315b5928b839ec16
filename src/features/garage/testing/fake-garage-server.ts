// Test double of the garage API at the fetch boundary: an in-memory server that keeps cars, logs
// and files the way the real one answers them (envelopes, client ids, multipart `data` + files),
// and records every request. The real server is tested in tests/server; the browser suite runs both.
import { vi } from 'vitest';
import { overwrittenFields, type FieldValues } from '@/contract/edit-merge';
import { equipmentDerived, type CarEquipment, type EquipmentStint } from '@/contract/car-equipment';
import type { CarPaper } from '@/contract/car-papers';
import type { Car, CarLog } from '@/contract/garage';
import { odometerSummary, readingsOf, reminderState } from '@/contract/maintenance';
import type { Reminder } from '@/contract/maintenance-api';
import { CAR_DEFAULTS, LOG_DEFAULTS } from '@/features/garage/data/writes';
import {
  answerResponse,
  errorAnswer,
  okAnswer,
  pageOf,
  readFakeCall,
  type FakeAnswer,
  type FakeCall,
} from '@/testing/fetch';

type Answer = FakeAnswer;
export type FakeRequest = {
  method: string;
  path: string;
  idempotencyKey: string | null;
  files: File[];
  body: unknown;
};

const API = '/api/v1.0';

export function installGarageServer(options: { ownerId?: string } = {}) {
  const ownerId = options.ownerId ?? 'member-1';
  const cars = new Map<string, Car>();
  const logs = new Map<string, CarLog>();
  /** Reminders as stored (their derived fields are computed on each answer, like the server). */
  const reminders = new Map<string, Reminder>();
  const papers = new Map<string, CarPaper>();
  /** Equipment as stored (distance, age and due derived on each answer, like the server). */
  const equipment = new Map<string, CarEquipment>();
  let today = '2026-06-01';
  const requests: FakeRequest[] = [];
  const failures = new Map<string, Answer>(); // "METHOD /path" → forced answer
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const stamp = () => new Date((clock += 1000)).toISOString();
  let offline = false;

  const ok = okAnswer;
  const notFound = () => errorAnswer(404, 'NOT_FOUND', 'Not found');

  function mediaOf(files: File[]) {
    return files.map((file) => {
      const id = crypto.randomUUID();
      return {
        id,
        url: `${API}/media/${id}`,
        kind: file.type === 'application/pdf' ? 'pdf' : 'image',
        mime: file.type,
        width: 10,
        height: 10,
      } as CarLog['media'][number];
    });
  }

  function handle({ method, path, body, files, query }: FakeCall): Answer {
    let m: RegExpMatchArray | null;
    if (method === 'GET' && path === '/cars/feed') {
      const { limit, offset } = pageOf(query);
      return ok([...cars.values()].slice(offset, offset + limit));
    }
    if (method === 'POST' && (path === '/cars' || path === '/cars/with-image')) {
      const id = (body.id as string) ?? crypto.randomUUID();
      const stored = cars.get(id);
      if (stored) return ok(stored);
      const media = mediaOf(files);
      const at = stamp();
      const car = {
        ...CAR_DEFAULTS,
        mileageUnit: 'km',
        ...body,
        id,
        ownerId,
        image: media[0]?.url ?? null,
        createdAt: at,
        updatedAt: at,
      } as unknown as Car;
      cars.set(id, car);
      return ok(car, 201);
    }
    if ((m = path.match(/^\/cars\/([^/]+)(\/with-image)?$/))) {
      const car = cars.get(m[1]!);
      if (!car) return notFound();
      if (method === 'GET') return ok(car);
      if (method === 'DELETE') {
        cars.delete(car.id);
        for (const log of logs.values()) if (log.carId === car.id) logs.delete(log.id);
        return ok({ id: car.id });
      }
      const media = mediaOf(files);
      const { base, ...changes } = body;
      const next = {
        ...car,
        ...changes,
        image: media[0]?.url ?? car.image,
        updatedAt: stamp(),
      } as unknown as Car;
      cars.set(car.id, next);
      return ok(withOverwritten(next, car, changes, base));
    }
    if (method === 'POST' && (path === '/car-logs' || path === '/car-logs/with-media')) {
      const id = (body.id as string) ?? crypto.randomUUID();
      const stored = logs.get(id);
      if (stored) return ok(stored);
      if (!cars.has(body.carId as string)) return notFound();
      const at = stamp();
      const log = {
        ...LOG_DEFAULTS,
        ...body,
        id,
        media: mediaOf(files),
        createdAt: at,
        updatedAt: at,
      } as unknown as CarLog;
      logs.set(id, log);
      return ok(log, 201);
    }
    if ((m = path.match(/^\/car-logs\/log\/([^/]+)$/))) {
      const log = logs.get(m[1]!);
      return log ? ok(log) : notFound();
    }
    if ((m = path.match(/^\/car-logs\/([^/]+)(\/with-media)?$/)) && method !== 'GET') {
      const log = logs.get(m[1]!);
      if (!log) return notFound();
      if (method === 'DELETE') {
        logs.delete(log.id);
        return ok({ id: log.id });
      }
      const { base, odometerConfirmed: _confirmed, fuel, ...changes } = body;
      const next = {
        ...log,
        ...changes,
        ...(fuel ? { fuel } : {}),
        media: [...log.media, ...mediaOf(files)],
        updatedAt: stamp(),
      } as unknown as CarLog;
      if (fuel === null) delete next.fuel;
      logs.set(log.id, next);
      return ok(withOverwritten(next, log, { ...changes, ...(fuel !== undefined ? { fuel } : {}) }, base));
    }
    if ((m = path.match(/^\/car-logs\/([^/]+)$/)) && method === 'GET') {
      if (!cars.has(m[1]!)) return notFound(); // like the server: no log book of an unknown car
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 20);
      const all = [...logs.values()].filter((l) => l.carId === m![1]);
      return ok(all.slice((page - 1) * limit, page * limit), 200, { total: all.length, page, limit });
    }
    if (path === '/reminders' || path.startsWith('/reminders/'))
      return handleReminder(method, path, body, query);
    if ((m = path.match(/^\/cars\/([^/]+)\/papers(?:\/([^/]+))?$/)))
      return handlePaper(method, m, body, files);
    if (
      (m = path.match(/^\/cars\/([^/]+)\/equipment$/)) ||
      (m = path.match(/^\/equipment\/([^/]+)(?:\/(mount|remove))?$/))
    )
      return handleEquipment(method, path, m, body);
    if ((m = path.match(/^\/files\/([^/]+)$/)) && method === 'DELETE') {
      for (const log of logs.values()) {
        if (log.media.some((x) => x.id === m![1])) {
          logs.set(log.id, { ...log, media: log.media.filter((x) => x.id !== m![1]), updatedAt: stamp() });
          return ok({ id: m[1] });
        }
      }
      return notFound();
    }
    return notFound();
  }

  /** The server's merge by field (src/contract/edit-merge.ts): the answer names what it replaced. */
  function withOverwritten<T extends object>(next: T, current: T, changes: object, base: unknown): T {
    const replaced = overwrittenFields(
      { ...current, fuel: (current as { fuel?: unknown }).fuel ?? null },
      { ...next, fuel: (next as { fuel?: unknown }).fuel ?? null },
      Object.keys(changes),
      base as FieldValues | undefined,
    );
    return replaced ? { ...next, overwritten: replaced } : next;
  }

  function withState(r: Reminder): Reminder {
    const carLogs = [...logs.values()].filter((l) => l.carId === r.carId);
    const summary = odometerSummary(readingsOf(carLogs), cars.get(r.carId)?.mileage ?? null);
    const rule = { ...r, dueDate: r.setDueDate, dueMileage: r.setDueMileage };
    return { ...r, ...reminderState(rule, carLogs, summary, today) };
  }

  const REMINDER_FIELDS = [
    'carId',
    'title',
    'logType',
    'intervalMonths',
    'intervalDistance',
    'soonDays',
    'soonDistance',
    'notes',
  ] as const;

  function handleReminder(
    method: string,
    path: string,
    body: Record<string, unknown>,
    query: URLSearchParams,
  ): Answer {
    const id = path.split('/')[2];
    if (method === 'GET' && !id) {
      const carId = query.get('carId');
      if (carId && !cars.has(carId)) return notFound();
      return ok([...reminders.values()].filter((r) => !carId || r.carId === carId).map(withState));
    }
    const pick = (from: Record<string, unknown>, base: Partial<Reminder>) => {
      const next: Record<string, unknown> = { ...base };
      for (const key of REMINDER_FIELDS) if (key in from) next[key] = from[key] ?? null;
      if ('dueDate' in from) next.setDueDate = from.dueDate ?? null;
      if ('dueMileage' in from) next.setDueMileage = from.dueMileage ?? null;
      return next as unknown as Reminder;
    };
    const refused = () => errorAnswer(400, 'VALIDATION_ERROR', 'needs an interval or a due point');
    const noDuePoint = (r: Reminder) =>
      r.intervalMonths === null &&
      r.intervalDistance === null &&
      r.setDueDate === null &&
      r.setDueMileage === null;
    if (method === 'POST' && !id) {
      const existing = reminders.get(body.id as string);
      if (existing) return ok(withState(existing));
      const car = cars.get(body.carId as string);
      if (!car) return notFound();
      const at = stamp();
      const carLogs = [...logs.values()].filter((l) => l.carId === car.id);
      const reminder = pick(body, {
        id: (body.id as string) ?? crypto.randomUUID(),
        logType: null,
        intervalMonths: null,
        intervalDistance: null,
        setDueDate: null,
        setDueMileage: null,
        soonDays: null,
        soonDistance: null,
        notes: null,
        createdMileage: odometerSummary(readingsOf(carLogs), car.mileage).current,
        createdAt: at,
        updatedAt: at,
      });
      if (noDuePoint(reminder)) return refused();
      reminders.set(reminder.id, reminder);
      return ok(withState(reminder), 201);
    }
    const stored = id ? reminders.get(id) : undefined;
    if (!stored) return notFound();
    if (method === 'GET') return ok(withState(stored));
    if (method === 'DELETE') {
      reminders.delete(stored.id);
      return ok({ id: stored.id });
    }
    const next = pick(body, { ...stored, updatedAt: stamp() });
    if (noDuePoint(next)) return refused();
    reminders.set(stored.id, next);
    return ok(withState(next));
  }

  function handlePaper(
    method: string,
    m: RegExpMatchArray,
    body: Record<string, unknown>,
    files: File[],
  ): Answer {
    const [, carId, paperId] = m as unknown as [string, string, string | undefined];
    if (!cars.has(carId)) return notFound();
    if (method === 'GET' && !paperId) return ok([...papers.values()].filter((p) => p.carId === carId));
    if (method === 'DELETE' && paperId) {
      const paper = papers.get(paperId);
      if (!paper || paper.carId !== carId) return notFound();
      papers.delete(paperId);
      return ok({ id: paperId });
    }
    if (method !== 'POST' || paperId) return notFound();
    const stored = papers.get(body.id as string);
    if (stored) return ok(stored);
    const [file] = files;
    if (!file) return errorAnswer(400, 'VALIDATION_ERROR', 'Send the paper as one file "file".');
    const [media] = mediaOf([file]);
    const paper: CarPaper = {
      id: (body.id as string) ?? crypto.randomUUID(),
      carId,
      kind: body.kind as CarPaper['kind'],
      fileId: media!.id,
      url: media!.url,
      fileKind: media!.kind,
      mime: file.type,
      // The multipart part's file name (a test's FormData stand-in keeps it apart from the blob).
      name: (file as { filename?: string }).filename ?? file.name,
      size: file.size,
      width: media!.width,
      height: media!.height,
      createdAt: stamp(),
    };
    papers.set(paper.id, paper);
    return ok(paper, 201);
  }

  function withFigures(item: CarEquipment): CarEquipment {
    return { ...item, ...equipmentDerived(item, cars.get(item.carId)?.mileage ?? null, today) };
  }

  function handleEquipment(
    method: string,
    path: string,
    m: RegExpMatchArray,
    body: Record<string, unknown>,
  ): Answer {
    if (path.startsWith('/cars/')) {
      const carId = m[1]!;
      if (!cars.has(carId)) return notFound();
      if (method === 'GET')
        return ok([...equipment.values()].filter((e) => e.carId === carId).map(withFigures));
      const stored = equipment.get(body.id as string);
      if (stored) return ok(withFigures(stored));
      const at = stamp();
      const item = {
        id: (body.id as string) ?? crypto.randomUUID(),
        carId,
        kind: body.kind,
        name: body.name,
        dotCode: body.dotCode ?? null,
        reminderDistance: body.reminderDistance ?? null,
        reminderAgeMonths: body.reminderAgeMonths ?? null,
        stints: [],
        createdAt: at,
        updatedAt: at,
      } as unknown as CarEquipment;
      equipment.set(item.id, item);
      return ok(withFigures(item), 201);
    }
    const [, id, move] = m as unknown as [string, string, 'mount' | 'remove' | undefined];
    const item = equipment.get(id);
    if (!item) return notFound();
    if (method === 'GET') return ok(withFigures(item));
    if (method === 'DELETE') {
      equipment.delete(id);
      return ok({ id });
    }
    let next: CarEquipment;
    if (move) {
      const stints: EquipmentStint[] = [...item.stints];
      const last = stints.at(-1);
      const at = body as { mileage: number; date: string };
      if (move === 'mount') {
        if (last && last.removedOn === null)
          return errorAnswer(409, 'CONFLICT', 'This equipment is mounted already.');
        stints.push({
          mountedOn: at.date,
          mountedMileage: at.mileage,
          removedOn: null,
          removedMileage: null,
        });
      } else {
        if (!last || last.removedOn !== null)
          return errorAnswer(409, 'CONFLICT', 'This equipment is not mounted.');
        stints[stints.length - 1] = { ...last, removedOn: at.date, removedMileage: at.mileage };
      }
      next = { ...item, stints, updatedAt: stamp() };
    } else next = { ...item, ...body, updatedAt: stamp() } as CarEquipment;
    equipment.set(id, next);
    return ok(withFigures(next));
  }

  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const { method, path, query, idempotencyKey, body, files } = await readFakeCall(input, init);
    requests.push({ method, path, idempotencyKey, files, body });
    if (offline) throw new TypeError('Failed to fetch');
    const answer =
      failures.get(`${method} ${path}`) ??
      handle({ method, path, body: (body ?? {}) as Record<string, unknown>, files, query });
    return answerResponse(answer);
  });
  vi.stubGlobal('fetch', mock);

  return {
    cars,
    logs,
    reminders,
    papers,
    equipment,
    /** The server's day for the reminders' states. */
    setToday: (day: string) => {
      today = day;
    },
    requests,
    writes: () => requests.filter((r) => r.method !== 'GET'),
    setOffline: (value: boolean) => {
      offline = value;
    },
    failNext: (key: string, status: number, code = 'VALIDATION_ERROR') =>
      failures.set(key, errorAnswer(status, code, `server refused ${key}`)),
    clearFailures: () => failures.clear(),
  };
}
