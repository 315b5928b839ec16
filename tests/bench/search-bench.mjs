// The search: "GET /search p95 ≤ 50 ms over 100,000 posts and 10,000 members on SQLite"
// (docs/BENCHMARKS.md).
//
// One member signs up through the API (a real password, a real token); everything else is written
// straight into the SQLite file in one transaction while the server is stopped: 9,999 members with
// French and English names, about 50 friends each (random pairs), a car each, and 100,000 posts of
// a dozen words drawn from a car enthusiast's vocabulary (hashtags included), so that a word is in
// a few thousand posts. The triggers of migration 0035 fill the FTS5 tables as they would for rows
// the API writes (the posts' plain text is written with them, as the repository does). Then one
// member searches, one request at a time: people, cars and posts in turn, with one, two and prefix
// words, accents or not; p50 and p95 of the answers' latency over HTTP. Also runnable alone:
// `node tests/bench/search-bench.mjs` (after a build).
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { apiCall, newMember, signUpViaApi } from '../browser/support/api.mjs';
import { newDataDir, startServer } from '../browser/support/server-process.mjs';
import { envNumber, PRODUCTION_ENV } from './bench-support.mjs';
import { percentile } from './stats.mjs';

export const SEARCH_POSTS = envNumber('SEARCH_BENCH_POSTS', 100_000);
export const SEARCH_MEMBERS = envNumber('SEARCH_BENCH_MEMBERS', 10_000);
export const SEARCH_BUDGET = { p95Ms: 50 };
/** Measured requests (after WARM_UP): each query of QUERIES in turn. */
const REQUESTS = envNumber('SEARCH_BENCH_REQUESTS', 600);
const WARM_UP = 60;
const PAIRS_PER_MEMBER = 25;
const WORDS_PER_POST = 12;

const FIRST = ['Élodie', 'François', 'Jean', 'Chloé', 'Hélène', 'Marc', 'Zoë', 'Noël', 'Amélie', 'Jérôme'];
const FIRST_EN = ['James', 'Olivia', 'Harry', 'Emily', 'George', 'Sophie', 'Jack', 'Grace', 'Oscar', 'Ruby'];
const LAST = [
  'Dupré',
  'Martin',
  'Lefèvre',
  'Bérard',
  'Smith',
  'Jones',
  'Taylor',
  'Müller',
  'Garçon',
  'Roché',
];
const CARS = [
  ['Renault', 'Mégane'],
  ['Renault', 'Clio'],
  ['Peugeot', '205 GTI'],
  ['Citroën', 'DS'],
  ['Alpine', 'A110'],
  ['BMW', 'E30 M3'],
  ['Porsche', '911'],
  ['Mazda', 'MX-5'],
  ['Lancia', 'Delta Integrale'],
  ['Volkswagen', 'Golf GTI'],
];
const NICKNAMES = ['La Bleue', 'Rocket', 'Bichette', 'Old Faithful', null, null, null, null];
const VOCABULARY = (
  'track day circuit magny cours nürburgring spa le mans rallye montée historique restauration ' +
  'carburateur injection turbo échappement freins disques plaquettes pneus michelin pirelli vidange ' +
  'huile courroie distribution embrayage boîte vitesses suspension amortisseurs ressorts carrosserie ' +
  'peinture rouille soudure sellerie volant compteur phares moteur culasse joint soupapes pistons ' +
  'bielles vilebrequin allumage bougies bobine démarreur alternateur batterie radiateur ventilateur ' +
  'weekend sunday drive friends family garage workshop project build restore rebuild swap upgrade ' +
  'coilovers exhaust brakes tyres wheels engine gearbox clutch paint rust welding interior seats ' +
  'mégane clio 205 gti ds a110 e30 m3 911 mx5 delta integrale golf renault peugeot citroën alpine ' +
  'bmw porsche mazda lancia volkswagen #e30 #911 #a110 #trackday #restomod #youngtimer #classic ' +
  '#jdm #gti #rallye #carsofinstagram #projectcar #sundaydrive #petrolhead #savethemanuals'
).split(' ');
const QUERIES = [
  ['posts', 'megane'],
  ['posts', '#e30'],
  ['posts', 'track day'],
  ['posts', 'restauration carbu'],
  ['posts', 'turbo échappement'],
  ['people', 'elodie'],
  ['people', 'francois dup'],
  ['people', 'jam'],
  ['cars', 'renault megane'],
  ['cars', 'porsche'],
  ['cars', 'lancia delta int'],
  ['cars', 'la bleue'],
];

/** A small seeded generator: the same site on every run. */
function generator(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return Math.floor((state / 2 ** 32) * n);
  };
}

/**
 * Writes the site into the SQLite file of `dataDir` (the server must be stopped). `memberId`
 * exists already (signed up through the API).
 */
export function seedSearch(dataDir, memberId) {
  const db = new Database(path.join(dataDir, 'paddock.db'));
  const random = generator(35);
  const pick = (list) => list[random(list.length)];
  try {
    const insertUser = db.prepare(
      `insert into users (id, email, username, username_lower, password_hash, first_name, last_name,
         city, bio, avatar, created_at, updated_at)
       values (?, ?, ?, ?, null, ?, ?, null, null, null, ?, ?)`,
    );
    const insertFriend = db.prepare(
      'insert or ignore into friendships (member_id, friend_id, created_at) values (?, ?, ?)',
    );
    const insertCar = db.prepare(
      `insert into cars (id, owner_id, make, model, year, nickname, mileage_unit, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, 'km', ?, ?)`,
    );
    const insertPost = db.prepare(
      `insert into posts (id, author_id, content, search_text, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?)`,
    );
    const since = Date.UTC(2024, 0, 1);
    const span = 2 * 365 * 24 * 3600 * 1000;
    const at = (ms) => new Date(ms).toISOString();
    const members = [memberId];
    let posts = 0;
    db.transaction(() => {
      for (let i = 1; i < SEARCH_MEMBERS; i++) {
        const id = randomUUID();
        const name = `bench_search_${i}`;
        const first = i % 2 ? pick(FIRST) : pick(FIRST_EN);
        insertUser.run(id, `${name}@example.test`, name, name, first, pick(LAST), at(since), at(since));
        members.push(id);
      }
      for (let i = 0; i < SEARCH_MEMBERS; i++) {
        const [make, model] = pick(CARS);
        const created = at(since + random(span));
        insertCar.run(
          randomUUID(),
          members[i],
          make,
          model,
          1970 + random(50),
          pick(NICKNAMES),
          created,
          created,
        );
      }
      const befriend = (a, b) => {
        insertFriend.run(a, b, at(since));
        insertFriend.run(b, a, at(since));
      };
      for (let i = 0; i < SEARCH_MEMBERS; i++) {
        for (let k = 0; k < PAIRS_PER_MEMBER; k++) {
          const j = random(SEARCH_MEMBERS);
          if (j !== i) befriend(members[i], members[j]);
        }
      }
      while (posts < SEARCH_POSTS) {
        const words = Array.from({ length: WORDS_PER_POST }, () => pick(VOCABULARY));
        const text = words.join(' ');
        const created = at(since + random(span));
        insertPost.run(randomUUID(), pick(members), `<p>${text}</p>`, text, created, created);
        posts++;
      }
    })();
    const friends = db.prepare('select count(*) as n from friendships where member_id = ?').get(memberId).n;
    return { posts, members: members.length, friends };
  } finally {
    db.close();
  }
}

async function login(baseUrl, member) {
  const res = await apiCall(baseUrl, 'POST', '/auth/login', {
    email: member.email,
    password: member.password,
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return res.json.data.token;
}

/** One search over HTTP; its latency in milliseconds and what it found. */
async function timed(baseUrl, token, type, q) {
  const url = `${baseUrl}/api/v1.0/search?type=${type}&q=${encodeURIComponent(q)}`;
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  const elapsed = performance.now() - started;
  if (res.status !== 200) throw new Error(`GET /search?type=${type}&q=${q} answered ${res.status}`);
  return { elapsed, total: body.meta.total };
}

export async function benchSearch(log) {
  const dataDir = newDataDir('paddock-bench-search-');
  try {
    const member = newMember('bench_search');
    const seeding = await startServer({ dataDir, env: { ARGON2_MEMORY_KIB: '4096' } });
    let memberId;
    try {
      memberId = (await signUpViaApi(seeding.baseUrl, member)).user.id;
    } finally {
      await seeding.dispose(); // the DATA_DIR is ours, dispose() keeps it
    }
    log(`seeding ${SEARCH_MEMBERS} members, their cars and ${SEARCH_POSTS} posts…`);
    const started = performance.now();
    const seeded = seedSearch(dataDir, memberId);
    log(
      `${seeded.posts} posts and ${seeded.members} members written in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s; the member has ${seeded.friends} friends`,
    );

    const server = await startServer({ dataDir, env: PRODUCTION_ENV });
    try {
      const token = await login(server.baseUrl, member);
      const found = {};
      for (let i = 0; i < WARM_UP; i++) {
        const [type, q] = QUERIES[i % QUERIES.length];
        found[`${type}:${q}`] = (await timed(server.baseUrl, token, type, q)).total;
      }
      log(
        `found: ${Object.entries(found)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}`,
      );
      const all = [];
      const byType = { people: [], cars: [], posts: [] };
      for (let i = 0; i < REQUESTS; i++) {
        const [type, q] = QUERIES[i % QUERIES.length];
        const { elapsed } = await timed(server.baseUrl, token, type, q);
        all.push(elapsed);
        byType[type].push(elapsed);
      }
      const figures = (values) => ({ p50Ms: percentile(values, 50), p95Ms: percentile(values, 95) });
      // For scale: the same client and server answering the cheapest signed-in call, one at a time.
      const me = [];
      for (let i = 0; i < REQUESTS / 3; i++) {
        const started = performance.now();
        const res = await fetch(`${server.baseUrl}/api/v1.0/auth/me`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await res.json();
        me.push(performance.now() - started);
      }
      const result = {
        seeded,
        found,
        requests: all.length,
        ...figures(all),
        people: figures(byType.people),
        cars: figures(byType.cars),
        posts: figures(byType.posts),
        meForScale: figures(me),
      };
      log(
        `GET /search: p50 ${result.p50Ms.toFixed(1)} ms, p95 ${result.p95Ms.toFixed(1)} ms over ${all.length} ` +
          `requests (posts p95 ${result.posts.p95Ms.toFixed(1)}, people ${result.people.p95Ms.toFixed(1)}, ` +
          `cars ${result.cars.p95Ms.toFixed(1)}); GET /auth/me p50 ${result.meForScale.p50Ms.toFixed(1)} ms, ` +
          `p95 ${result.meForScale.p95Ms.toFixed(1)} ms`,
      );
      return result;
    } finally {
      await server.dispose();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------- the rows of the bench table (report.mjs calls this) ----------

const ms = (value) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

/** Adds the search row with report.mjs's `add(metric, value, figure, budget, ok)`. */
export function addSearchRows(r, add) {
  const s = r.search;
  const missing = r.errors.search ?? 'no result';
  add(
    'GET /search p95 latency (100,000 posts, 10,000 members and cars, SQLite; people, cars and posts in turn, one request at a time)',
    s,
    s
      ? `${ms(s.p95Ms)} (p50 ${ms(s.p50Ms)}; posts p95 ${ms(s.posts.p95Ms)}, people ${ms(s.people.p95Ms)}, cars ${ms(s.cars.p95Ms)}; ${s.requests} requests; GET /auth/me on the same server p95 ${ms(s.meForScale.p95Ms)})`
      : missing,
    '≤ 50 ms',
    s?.p95Ms <= SEARCH_BUDGET.p95Ms,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const results = await benchSearch((text) => console.log(`  · ${text}`));
  console.log(JSON.stringify(results, null, 2));
}
