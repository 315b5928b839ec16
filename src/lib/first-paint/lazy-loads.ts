// Lazy chunks a screen has started loading. The unit tests wait for them after each test, so a
// chunk asked for just before a test file ends never loads after its environment is torn down.
const pending = new Set<Promise<unknown>>();

/** Notes a lazy chunk's load (its promise is returned unchanged). */
export function trackLoad<T>(load: Promise<T>): Promise<T> {
  pending.add(load);
  void load.finally(() => pending.delete(load)).catch(() => undefined);
  return load;
}

/** Resolves once every load noted so far (and any noted meanwhile) has settled. */
export async function settleLoads(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}
