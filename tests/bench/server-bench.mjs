// Server figures: start-up on an existing database, idle memory, /auth/me throughput, and /health
// latency while logins hash passwords at the default argon2 cost.
import autocannon from 'autocannon';
import { apiCall, newMember, signUpViaApi } from '../browser/support/api.mjs';
import { newDataDir, startServer } from '../browser/support/server-process.mjs';
import { median, percentile, readRssMiB, sleep } from './stats.mjs';

const SEED_USERS = 50;
// The production settings the budgets are about: default argon2 cost (19 MiB), quiet log, and rate
// limits out of the way so they do not cap the load.
const PRODUCTION_ENV = {
  ARGON2_MEMORY_KIB: String(19 * 1024),
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '100000000',
  AUTH_RATE_LIMIT_MAX: '100000000',
};

function cannon(options) {
  return autocannon({ connections: 10, duration: 10, ...options });
}

async function seed(dataDir) {
  const server = await startServer({ dataDir, env: { ARGON2_MEMORY_KIB: '4096' } });
  const members = [];
  for (let i = 0; i < SEED_USERS; i++)
    members.push((await signUpViaApi(server.baseUrl, newMember('bench'))).member);
  await server.dispose(); // the DATA_DIR is ours, dispose() keeps it
  return members;
}

export async function benchServer(log) {
  const dataDir = newDataDir('paddock-bench-');
  const results = {};
  log(`seeding ${SEED_USERS} members…`);
  const members = await seed(dataDir);
  const member = members[0];

  const server = await startServer({ dataDir, env: PRODUCTION_ENV });
  try {
    const startups = [];
    for (let i = 0; i < 5; i++) {
      await server.restart();
      startups.push(server.startupMs);
    }
    results.startupMs = { median: median(startups), runs: startups };
    log(`start-up: ${startups.map((s) => s.toFixed(0)).join(', ')} ms`);

    await sleep(1000);
    // Before any request: what loading the code costs, apart from what requests (argon2) add.
    results.startRssMiB = await readRssMiB(server.pid);

    const login = await apiCall(server.baseUrl, 'POST', '/auth/login', {
      email: member.email,
      password: member.password,
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    const token = login.json.data.token;
    for (let i = 0; i < 20; i++) {
      await apiCall(server.baseUrl, 'GET', '/auth/me', undefined, token);
      await apiCall(server.baseUrl, 'GET', '/health');
    }
    await sleep(2000);
    results.idleRssMiB = await readRssMiB(server.pid);
    log(
      `RSS: ${results.startRssMiB.toFixed(1)} MiB before any request, ${results.idleRssMiB.toFixed(1)} MiB idle after`,
    );

    const url = `${server.baseUrl}/api/v1.0/auth/me`;
    await cannon({ url, duration: 2, headers: { authorization: `Bearer ${token}` } }); // warm-up
    const me = await cannon({ url, headers: { authorization: `Bearer ${token}` } });
    results.me = {
      reqPerSec: me.requests.average,
      p99Ms: me.latency.p99,
      non2xx: me.non2xx,
      errors: me.errors,
    };
    log(`/auth/me: ${me.requests.average.toFixed(0)} req/s, p99 ${me.latency.p99} ms, non-2xx ${me.non2xx}`);

    const healthUrl = `${server.baseUrl}/api/v1.0/health`;
    const quiet = await cannon({ url: healthUrl });
    const loginTimes = [];
    let loginFailures = 0;
    const fire = () => {
      const started = performance.now();
      apiCall(server.baseUrl, 'POST', '/auth/login', { email: member.email, password: member.password })
        .then((r) => (r.status === 200 ? loginTimes.push(performance.now() - started) : loginFailures++))
        .catch(() => loginFailures++);
    };
    const timer = setInterval(fire, 100); // 10 logins per second
    const loaded = await cannon({ url: healthUrl });
    clearInterval(timer);
    await sleep(1500);
    results.healthUnderLogins = {
      p99Ms: loaded.latency.p99,
      reqPerSec: loaded.requests.average,
      quietP99Ms: quiet.latency.p99,
      logins: loginTimes.length,
      loginFailures,
      loginMedianMs: median(loginTimes),
      loginP99Ms: percentile(loginTimes, 99),
    };
    log(
      `/health p99 ${loaded.latency.p99} ms under ${loginTimes.length} logins ` +
        `(quiet p99 ${quiet.latency.p99} ms; login median ${median(loginTimes).toFixed(0)} ms)`,
    );
    return results;
  } finally {
    await server.dispose();
    await import('node:fs').then(({ rmSync }) => rmSync(dataDir, { recursive: true, force: true }));
  }
}
