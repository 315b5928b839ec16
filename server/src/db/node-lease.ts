// Which server nodes are alive, on PostgreSQL: each node holds a session-level advisory lock named
// after its id on a connection of its own. When the node dies, PostgreSQL ends that idle session and
// the lock goes with it, at once (the kernel closes a dead process's sockets; a node cut off by the
// network goes when its session is found dead). So another node can tell a request cut off by a
// dying node from one still running, without waiting out a timeout (server/src/http/idempotency.ts).
//
// A session of the dead node that was running a statement (a write waiting on a lock) is not ended
// by PostgreSQL until it next talks to its client, and could still commit: so before a dead node's
// work is taken over, its remaining sessions (found by their application_name, database.ts) are
// terminated, and their transactions rolled back.
import { createRequire } from 'node:module';
import { sql, type Kysely } from 'kysely';
import type pgModule from 'pg';
import { nodeApplicationName } from './database';
import type { Database } from './schema';

/** The advisory lock space of node leases (the first key of the two-key form). */
const LEASE_SPACE = 0x7061_6464; // "padd"
const RETRY_MS = 1_000;
/** How long the sessions of a dead node are waited for once terminated (then: not gone yet). */
const TERMINATE_WAIT_MS = 5_000;
const load = createRequire(import.meta.url);

export interface NodeLease {
  /** This node's id. */
  readonly id: string;
  /** Whether this node holds its lease now (only then may it name itself the owner of work). */
  held(): boolean;
  /** Whether the node of that id is gone: nobody holds its lease. */
  isGone(db: Kysely<Database>, nodeId: string): Promise<boolean>;
  close(): Promise<void>;
}

interface Log {
  warn(obj: object, msg: string): void;
}

export function startNodeLease(databaseUrl: string, id: string, log: Log): NodeLease {
  const pg = load('pg') as typeof pgModule;
  let client: pgModule.Client | null = null;
  let held = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  async function acquire(): Promise<void> {
    if (closed) return;
    const next = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 5_000,
      application_name: nodeApplicationName(id),
    });
    const lost = (err?: unknown) => {
      if (client !== next) return;
      held = false;
      client = null;
      next.end().catch(() => undefined);
      if (!closed) {
        log.warn({ err }, 'node lease lost: taking it again');
        timer = setTimeout(() => void acquire(), RETRY_MS);
      }
    };
    next.on('error', lost);
    next.on('end', () => lost());
    client = next;
    try {
      await next.connect();
      await next.query('select pg_advisory_lock($1, hashtext($2))', [LEASE_SPACE, id]);
      held = client === next && !closed;
    } catch (err) {
      lost(err);
    }
  }
  void acquire();

  return {
    id,
    held: () => held,
    async isGone(db, nodeId) {
      // Taken for this transaction only (and released at its end): possible only when no session
      // holds the node's lease.
      const free = await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ free: boolean }>`
          select pg_try_advisory_xact_lock(${LEASE_SPACE}, hashtext(${nodeId})) as free
        `.execute(trx);
        return rows[0]?.free === true;
      });
      if (!free) return false;
      const name = nodeApplicationName(nodeId);
      await sql`
        select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = ${name} and pid <> pg_backend_pid()
      `.execute(db);
      for (const deadline = Date.now() + TERMINATE_WAIT_MS; ;) {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity where application_name = ${name}
        `.execute(db);
        if (Number(rows[0]?.n ?? 0) === 0) return true;
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      closed = true;
      held = false;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
