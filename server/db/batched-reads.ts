/**
 * Reads by key go to the database together: a key asked while `inFlight` reads are out waits for
 * one of them to come back, then goes with every key asked meanwhile, one query per group (a
 * school). Alone, a read goes at once. At 9 am every class teacher's first request misses the
 * session cache at once (its entries live seconds), and 500 reads of one row each become a few
 * reads of many.
 */
interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

export function batchedReads<V>(
  readMany: (group: string, keys: string[]) => Promise<Map<string, V>>,
  inFlight = 2,
  maxKeys = 1_000,
): (group: string, key: string) => Promise<V | undefined> {
  let pending = new Map<string, Map<string, Waiter<V>[]>>();
  let scheduled = false;
  let reading = 0;

  function readSlice(group: string, keys: string[], waiting: Map<string, Waiter<V>[]>) {
    reading += 1;
    readMany(group, keys)
      .then(
        (found) => keys.forEach((key) => waiting.get(key)?.forEach((waiter) => waiter.resolve(found.get(key)))),
        (error: unknown) => keys.forEach((key) => waiting.get(key)?.forEach((waiter) => waiter.reject(error))),
      )
      .finally(() => {
        reading -= 1;
        if (pending.size > 0 && !scheduled && reading < inFlight) flush();
      });
  }

  function flush() {
    scheduled = false;
    const batch = pending;
    pending = new Map();
    for (const [group, waiting] of batch) {
      const keys = [...waiting.keys()];
      for (let start = 0; start < keys.length; start += maxKeys) readSlice(group, keys.slice(start, start + maxKeys), waiting);
    }
  }

  return (group, key) =>
    new Promise<V | undefined>((resolve, reject) => {
      let waiting = pending.get(group);
      if (!waiting) {
        waiting = new Map();
        pending.set(group, waiting);
      }
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!scheduled && reading < inFlight) {
        scheduled = true;
        queueMicrotask(flush);
      }
    });
}
