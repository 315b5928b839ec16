// The process entry: listen, and on SIGTERM/SIGINT finish what is in flight, then close sockets
// and the database (app.close runs every plugin's close hooks) and exit.
// First: it keeps V8's young generation small while the other modules load (start-up-heap.ts).
import { releaseWhenBusy, releaseYoungGeneration } from './start-up-heap';
import { buildApp } from './app';
import { loadConfig } from './config';
import { closeConnectionsAfterAnswer } from './http/shutdown-response';

/** Past this, a shutdown that hangs (a stuck client, a dead database) exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

const started = performance.now();
const config = loadConfig();
const app = await buildApp(config);

let closing = false;
async function shutdown(reason: string, exitCode = 0) {
  if (closing) return;
  closing = true;
  // A request in flight now: its answer closes its keep-alive connection (http/shutdown-response.ts).
  closeConnectionsAfterAnswer();
  app.log.info({ reason }, 'shutting down: finishing in-flight requests');
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long, exiting');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  timer.unref();
  try {
    // New requests get 503 (return503OnClosing), in-flight ones finish, sockets and the db close.
    await app.close();
    app.log.info('shut down cleanly');
    process.exit(exitCode);
  } catch (err) {
    app.log.error({ err }, 'error while shutting down');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('unhandledRejection', (err) => {
  app.log.fatal({ err }, 'unhandled promise rejection');
  void shutdown('unhandledRejection', 1);
});

await app.listen({ port: config.port, host: config.host });
// Held until a load needs a larger young generation: an idle server stays small.
releaseWhenBusy(releaseYoungGeneration);
app.log.info(
  {
    port: config.port,
    database: app.db.dialect,
    redis: config.redisUrl !== null,
    startupMs: Math.round(performance.now() - started),
    rssMiB: Math.round(process.memoryUsage().rss / 1048576),
  },
  'Paddock is listening',
);
