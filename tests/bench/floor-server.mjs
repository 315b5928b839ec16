// The floor of our stack: the least a server can do to answer GET /api/v1.0/posts/feed
// (page 1 and by cursor) and GET /api/v1.0/auth/me with the same JSON as Paddock, on the same data.
// Bare Fastify 5 (no plugins, no schemas, no logger, no hooks), prepared statements made once
// (better-sqlite3, or `pg` with named prepared statements), the same HS256 check with node:crypto
// and the same session-row check as Paddock's. It does nothing else: no security headers, no rate
// limit, no log line. tests/bench/floor-bench.mjs runs it beside Paddock and compares.
//
// Environment: PORT, HOST (127.0.0.1), JWT_SECRET, and either FLOOR_SQLITE_FILE (a paddock.db) or
// FLOOR_DATABASE_URL (PostgreSQL). Answers GET /api/v1.0/health with 200 once it listens.
import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';

const API = '/api/v1.0';
const FEED_PAGE_SIZE = 20;
const FEED_PAGE_MAX = 100;
const OFFSET_MAX = 1_000_000;
const POST_LIKES_LISTED_MAX = 100;
const ALL_POSTS_TTL_MS = 60_000;

// ---------- the access token (the checks of server/src/auth/access-token.ts) ----------

const key = createSecretKey(Buffer.from(process.env.JWT_SECRET ?? '', 'utf8'));
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i;

function segment(text) {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
const isNumber = (v) => typeof v === 'number' && Number.isFinite(v);

/** { userId, sessionId } of a valid access token, else null. */
function claimsOf(authorization) {
  if (typeof authorization !== 'string') return null;
  const token = BEARER.exec(authorization.trim())?.[1];
  if (!token || token.length > 4096) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) return null;
  const header = segment(parts[0]);
  if (!header || header.alg !== 'HS256' || header.typ !== 'at+jwt' || 'crit' in header) return null;
  const expected = Buffer.from(
    createHmac('sha256', key).update(`${parts[0]}.${parts[1]}`).digest().toString('base64url'),
  );
  const given = Buffer.from(parts[2]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const p = segment(parts[1]);
  if (!p) return null;
  const now = Math.floor(Date.now() / 1000);
  if (p.iss !== 'paddock') return null;
  if (p.aud !== 'paddock-api' && !(Array.isArray(p.aud) && p.aud.includes('paddock-api'))) return null;
  if (!isNumber(p.exp) || p.exp <= now || !isNumber(p.iat)) return null;
  if (p.nbf !== undefined && (!isNumber(p.nbf) || p.nbf > now)) return null;
  if (p.type !== 'access' || typeof p.sub !== 'string' || typeof p.sid !== 'string') return null;
  return { userId: p.sub, sessionId: p.sid };
}

// ---------- the statements ----------

const pg = Boolean(process.env.FLOOR_DATABASE_URL);

/** `run(name, sql, values)` answers the rows: a statement prepared once per SQL text. */
async function connect() {
  if (!pg) {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(process.env.FLOOR_SQLITE_FILE);
    db.pragma('journal_mode = WAL');
    const statements = new Map();
    return {
      run(_name, sql, values) {
        let stmt = statements.get(sql);
        if (!stmt) statements.set(sql, (stmt = db.prepare(sql)));
        return stmt.all(values);
      },
    };
  }
  const { default: pgModule } = await import('pg');
  pgModule.types.setTypeParser(20, (value) => Number(value));
  const pool = new pgModule.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 10 });
  const names = new Map();
  return {
    async run(_name, text, values) {
      let name = names.get(text);
      if (!name) names.set(text, (name = `floor_${names.size}`));
      return (await pool.query({ name, text, values })).rows;
    },
  };
}
const db = await connect();

const mark = () => {
  let n = 0;
  return pg ? () => `$${++n}` : () => '?';
};

const SESSION_SQL = (() => {
  const next = mark();
  return (
    'select s.id as "sessionId", u.id as "userId" from sessions s join users u on u.id = s.user_id' +
    ` where s.id = ${next()} and s.user_id = ${next()} and s.revoked_at is null and s.expires_at > ${next()}`
  );
})();
const ME_SQL = `select * from users where id = ${pg ? '$1' : '?'}`;
const AUTHORS = pg
  ? '(select friend_id from friendships where member_id = $1 union all select $1::text)'
  : '(select friend_id from friendships where member_id = ? union all select ?)';
const SIZE_SQL = `select coalesce(sum(posts_count), 0) as total, count(*) as authors from post_authors where author_id in ${AUTHORS}`;
const ALL_SQL = 'select coalesce(sum(posts_count), 0) as total from post_authors';

/** The feed's page SQL (server/src/posts/feed-query.ts's plans), with its limit as a literal. */
function pageSql(strategy, withCursor, limit) {
  const next = mark();
  const member = next();
  const columns =
    'p.id, p.author_id, p.content, p.image_id, p.image_width, p.image_height, p.car_id, p.car_log_id, p.show_cost, ' +
    'p.likes_count, p.likers, p.comments_count, p.created_at, p.updated_at, ' +
    'u.username, u.first_name, u.last_name, u.avatar, ' +
    `case when p.likes_count > ${POST_LIKES_LISTED_MAX} then exists (select 1 from post_likes where post_id = p.id and member_id = ${member}) end as liked`;
  const authors = pg
    ? 'select friend_id from friendships where member_id = $1 union all select $1::text'
    : `select friend_id from friendships where member_id = ${next()} union all select ${next()}`;
  const cursor = withCursor ? ` and (created_at, id) < (${next()}, ${next()})` : '';
  const order = 'order by created_at desc, id desc';
  let page;
  if (pg && strategy === 'byAuthor') {
    const perAuthor = next();
    page =
      'select id, created_at from (select friend_id as author_id from friendships where member_id = $1' +
      ' union all select $1::text) a cross join lateral (select id, created_at from posts' +
      ` where author_id = a.author_id${cursor} ${order} limit ${perAuthor}) x`;
  } else if (pg) {
    page = `select id, created_at from posts where (author_id || '') in (${authors})${cursor}`;
  } else if (strategy === 'byTime') {
    page = `select id, created_at from posts indexed by posts_order where +author_id in (${authors})${cursor}`;
  } else {
    page = `select id, created_at from posts indexed by posts_author_order where author_id in (${authors})${cursor}`;
  }
  return (
    `select ${columns} from (${page} ${order} limit ${limit} offset ${next()}) page` +
    ' join posts p on p.id = page.id join users u on u.id = p.author_id' +
    ' order by page.created_at desc, page.id desc'
  );
}
const pageSqls = new Map();
function pageStatement(strategy, withCursor, limit) {
  const k = `${strategy}:${withCursor}:${limit}`;
  let sql = pageSqls.get(k);
  if (!sql) pageSqls.set(k, (sql = pageSql(strategy, withCursor, limit)));
  return sql;
}

function chooseStrategy(posts, authors, allPosts, limit, offset) {
  if (posts <= 0) return 'byAuthor';
  const wanted = offset + limit;
  const byTime = (wanted * Math.max(allPosts, posts)) / posts;
  const byAuthor = Math.min(posts, Math.max(1, authors) * wanted) * (1 + Math.log2(wanted) / 10);
  return byTime < byAuthor ? 'byTime' : 'byAuthor';
}

let allPosts = null;
async function siteSize() {
  if (allPosts && Date.now() - allPosts.at < ALL_POSTS_TTL_MS) return allPosts.total;
  const rows = await db.run('all', ALL_SQL, []);
  allPosts = { total: Number(rows[0]?.total ?? 0), at: Date.now() };
  return allPosts.total;
}

// ---------- the answers ----------

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INTEGER = /^\d+$/;
const JSON_TYPE = 'application/json; charset=utf-8';

const fail = (reply, status, code, message) =>
  reply
    .code(status)
    .type(JSON_TYPE)
    .send(JSON.stringify({ success: false, error: { code, message } }));

/** The signed-in member's id, or null (the reply is sent). */
async function member(request, reply) {
  const claims = claimsOf(request.headers.authorization);
  const rows = claims
    ? await db.run('session', SESSION_SQL, [claims.sessionId, claims.userId, new Date().toISOString()])
    : [];
  if (!rows[0]) {
    fail(reply, 401, 'UNAUTHORIZED', 'Invalid or expired access token.');
    return null;
  }
  return rows[0].userId;
}

function listedLikes(memberId, likersText, liked) {
  const likers = likersText ? likersText.split(',') : [];
  const mine = likers.indexOf(memberId);
  if (mine > 0) likers.unshift(...likers.splice(mine, 1));
  else if (mine < 0 && (liked === true || Number(liked) === 1)) {
    likers.unshift(memberId);
    likers.length = Math.min(likers.length, POST_LIKES_LISTED_MAX);
  }
  return likers;
}

const int = (text, fallback, min, max) => {
  if (text === undefined) return fallback;
  if (typeof text !== 'string' || !INTEGER.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
};

const app = Fastify({ logger: false });

app.get(`${API}/health`, (_request, reply) => reply.type(JSON_TYPE).send('{"success":true}'));

app.get(`${API}/auth/me`, async (request, reply) => {
  const id = await member(request, reply);
  if (id === null) return reply;
  const u = (await db.run('me', ME_SQL, [id]))[0];
  if (!u) return fail(reply, 401, 'UNAUTHORIZED', 'Invalid or expired access token.');
  const language = u.language === 'en' || u.language === 'fr' ? u.language : null;
  return reply.type(JSON_TYPE).send(
    JSON.stringify({
      success: true,
      data: {
        id: u.id,
        email: u.email,
        username: u.username,
        firstName: u.first_name,
        lastName: u.last_name,
        avatar: u.avatar,
        bio: u.bio,
        city: u.city,
        createdAt: u.created_at,
        // Paddock's serializer writes optional keys after the required ones.
        language,
      },
    }),
  );
});

app.get(`${API}/posts/feed`, async (request, reply) => {
  const id = await member(request, reply);
  if (id === null) return reply;
  const q = request.query;
  const limit = int(q.limit, FEED_PAGE_SIZE, 1, FEED_PAGE_MAX);
  const offset = int(q.offset, 0, 0, OFFSET_MAX);
  let after = null;
  if (typeof q.before === 'string') {
    const [createdAt = '', postId = '', ...rest] = Buffer.from(q.before, 'base64url')
      .toString('utf8')
      .split('|');
    if (rest.length === 0 && ISO.test(createdAt) && UUID.test(postId)) after = { createdAt, id: postId };
    else after = false;
  }
  if (limit === null || offset === null || after === false)
    return fail(reply, 400, 'VALIDATION_ERROR', 'Some fields are missing or invalid.');
  const size = (await db.run('size', SIZE_SQL, pg ? [id] : [id, id]))[0];
  const total = Number(size?.total ?? 0);
  let rows = [];
  if (total > 0 && offset < total) {
    const strategy = chooseStrategy(total, Number(size?.authors ?? 0), await siteSize(), limit, offset);
    const values = [id, ...(pg ? [] : [id, id]), ...(after ? [after.createdAt, after.id] : [])];
    if (pg && strategy === 'byAuthor') values.push(limit + offset);
    values.push(offset);
    rows = await db.run('page', pageStatement(strategy, after !== null, limit), values);
  }
  // Like Paddock, look at each row's shared log; the seeded feed shares none, so no card to load.
  if (rows.some((r) => r.car_log_id !== null)) throw new Error('the floor serves no shared-log cards');
  const data = rows.map((r) => {
    const image = r.image_id === null ? null : `${API}/posts/${r.id}/images/${r.image_id}`;
    return {
      id: r.id,
      author: {
        id: r.author_id,
        username: r.username,
        firstName: r.first_name,
        lastName: r.last_name,
        avatar: r.avatar,
      },
      content: r.content,
      image,
      imageWidth: image === null || r.image_width === null ? null : Number(r.image_width),
      imageHeight: image === null || r.image_height === null ? null : Number(r.image_height),
      carId: r.car_id,
      likes: listedLikes(id, r.likers, r.liked),
      likesCount: Number(r.likes_count),
      commentsCount: Number(r.comments_count),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  });
  const last = rows[rows.length - 1];
  const nextCursor =
    last && rows.length === limit
      ? Buffer.from(`${last.created_at}|${last.id}`, 'utf8').toString('base64url')
      : null;
  return reply
    .type(JSON_TYPE)
    .send(JSON.stringify({ success: true, data, meta: { total, limit, offset, nextCursor } }));
});

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
