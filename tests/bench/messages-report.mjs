// The private messages' rows of the bench table (tests/bench/messages-bench.mjs measures them). Kept
// apart from report.mjs so that file only calls in here.
const ms = (value) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const rate = (run) => `${run.reqPerSec.toFixed(0)} req/s (non-2xx ${run.non2xx}, errors ${run.errors})`;

/** Adds the messages rows with report.mjs's `add(metric, value, figure, budget, ok)`. */
export function addMessagesRows(r, add) {
  const m = r.messages;
  const missing = r.errors.messages ?? 'no result';
  const first = m?.inboxFirstPage;
  const scale = m ? `; /auth/me on the same server ${m.meForScale.reqPerSec.toFixed(0)} req/s` : '';
  add(
    'GET /messages, inbox page 1 of 20 among 10,000 (10 connections, 10 s)',
    first,
    first ? `${rate(first)}${scale}` : missing,
    '≥ 2,000 req/s',
    first?.reqPerSec >= 2000 && first?.non2xx === 0,
  );
  add(
    'GET /messages p99 latency (same run)',
    first,
    first ? ms(first.p99Ms) : missing,
    '≤ 20 ms',
    first?.p99Ms <= 20,
  );
  const deep = m?.inboxDeepPage;
  add(
    'GET /messages, inbox at offset 5,000 of 10,000: throughput, p99',
    deep,
    deep ? `${rate(deep)}, p99 ${ms(deep.p99Ms)}` : missing,
    '≥ 2,000 req/s, ≤ 20 ms',
    deep?.reqPerSec >= 2000 && deep?.p99Ms <= 20 && deep?.non2xx === 0,
  );
  const sent = m?.sentFirstPage;
  add(
    'GET /messages, sent folder page 1 of 10,000: throughput, p99',
    sent,
    sent ? `${rate(sent)}, p99 ${ms(sent.p99Ms)}` : missing,
    '≥ 2,000 req/s, ≤ 20 ms',
    sent?.reqPerSec >= 2000 && sent?.p99Ms <= 20 && sent?.non2xx === 0,
  );
}
