// The maintenance tracker's per-process memories (fuel economies, cars' histories, GET /reminders'
// answers: docs/ARCHITECTURE.md, server "maintenance/"): each bounded by a weight, so that a busy
// node keeps what it reads most without growing.

/**
 * A map of entries weighing at most `capacity` in all (each 1 unless `weigh` says otherwise), the
 * least recently used dropped first.
 */
export function recentlyUsed<K, V>(capacity: number, weigh: (value: V) => number = () => 1) {
  const entries = new Map<K, V>();
  let weight = 0;
  const drop = (key: K) => {
    const value = entries.get(key);
    if (value === undefined) return;
    entries.delete(key);
    weight -= weigh(value);
  };
  return {
    get(key: K): V | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: K, value: V): void {
      drop(key);
      if (weigh(value) > capacity) return;
      entries.set(key, value);
      weight += weigh(value);
      while (weight > capacity) drop(entries.keys().next().value as K);
    },
  };
}
