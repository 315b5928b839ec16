// The garage's rows of the bench table (tests/bench/garage-bench.mjs measures them). Kept apart
// from report.mjs so that file only calls in here.
const ms = (value) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const runs = (values) => values.map((v) => v.toFixed(0)).join(', ');

/** Adds the garage rows with report.mjs's `add(metric, value, figure, budget, ok)`. */
export function addGarageRows(r, add) {
  const g = r.garage;
  const missing = r.errors.garage ?? 'no result';
  const sync = g?.firstSyncMs;
  add(
    'First sync of a 10,000-log car into Dexie, from navigation to /my-cars (median of 3)',
    sync,
    sync
      ? `${ms(sync.median)} (runs: ${runs(sync.runs)}; ${sync.requests} pages asked from ${ms(sync.firstAskedMs)}, ` +
          `the last answered at ${ms(sync.lastAnsweredMs)}, medians)`
      : missing,
    '≤ 2 s',
    sync?.median <= 2000,
  );
  const worst = g ? Math.max(g.searchMs.median, g.typeMs.median) : undefined;
  add(
    'Text search, then type filter, over 10,000 logs: input event to list DOM (median of 9 each)',
    worst,
    g
      ? `search ${ms(g.searchMs.median)} (runs: ${runs(g.searchMs.runs)}); type ${ms(g.typeMs.median)} (runs: ${runs(g.typeMs.runs)})`
      : missing,
    '≤ 50 ms',
    worst <= 50,
  );
  const rows = g?.domRows;
  add(
    'Log list rows in the DOM with 10,000 logs (virtualised)',
    rows,
    rows
      ? `${rows.top} at the top, ${rows.bottom} scrolled to the end${rows.lastIsOldest ? '' : ' — the oldest log was not last!'}`
      : missing,
    '< 100',
    Math.max(rows?.top ?? Infinity, rows?.bottom ?? Infinity) < 100 && rows?.lastIsOldest === true,
  );
  const replayFigure = (replay) =>
    `${ms(replay.ms)} (${ms(replay.perWriteMs)} a write; ${replay.requests.posts} POST and ` +
    `${replay.requests.logGets} GET /car-logs/log/{id} sent); the server holds ${replay.serverTotal} ` +
    `(distinct ${replay.distinct}, missing ${replay.missing})`;
  for (const [replay, where] of [
    [g?.replay, 'the garage open'],
    [g?.engineReplay, '/feed open'],
  ]) {
    add(
      `500 log writes queued offline, ${where}: \`online\` to an empty outbox, exactly once`,
      replay,
      replay ? replayFigure(replay) : missing,
      '≤ 15 s, 500 on the server',
      replay?.ms <= 15_000 && replay?.exactlyOnce === true,
    );
  }
}
