/**
 * Reads rows by key in shared queries: a key asked for while no query is under way is read at
 * once, alone; keys asked for meanwhile wait for that query to end and are then read together in
 * one (up to `maxKeys` a query). A quiet server adds no wait, and a busy one pays one round trip
 * for many reads. Every caller gets what a query of its own would have answered, read no earlier
 * than it asked: a query that fails fails every caller waiting on it.
 */
export function createLookupBatcher<Key, Row>(options: {
  maxKeys: number;
  /** The rows found for `keys`, by key; a key without a row is left out. */
  readMany: (keys: readonly Key[]) => Promise<Map<Key, Row>>;
}): (key: Key) => Promise<Row | undefined> {
  interface Waiting {
    resolve: (row: Row | undefined) => void;
    reject: (error: unknown) => void;
  }
  /** Keys waiting for the next query, each with every caller that asked for it. */
  const waiting = new Map<Key, Waiting[]>();
  let isReading = false;

  async function readNext(): Promise<void> {
    if (isReading || waiting.size === 0) return;
    isReading = true;
    const batch = new Map<Key, Waiting[]>();
    for (const [key, callers] of waiting) {
      if (batch.size === options.maxKeys) break;
      batch.set(key, callers);
    }
    for (const key of batch.keys()) waiting.delete(key);
    try {
      const rows = await options.readMany([...batch.keys()]);
      for (const [key, callers] of batch)
        for (const caller of callers) caller.resolve(rows.get(key));
    } catch (error) {
      for (const callers of batch.values()) for (const caller of callers) caller.reject(error);
    } finally {
      isReading = false;
      void readNext();
    }
  }

  return (key) =>
    new Promise<Row | undefined>((resolve, reject) => {
      const callers = waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      void readNext();
    });
}
