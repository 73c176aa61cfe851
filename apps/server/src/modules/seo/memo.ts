/**
 * A tiny in-process memo for expensive public answers (sitemaps): each key is computed at most once
 * per `ttlMs`, concurrent callers share the same computation, and at most `maxEntries` results are
 * kept (the oldest goes first). Per process: several server processes each keep their own.
 */
export function createMemo<T>(ttlMs: number, maxEntries: number) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    /** The cached value of `key`, or `compute()`'s (a failed computation is not kept). */
    get(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      entries.delete(key);
      const value = compute();
      entries.set(key, { at: now, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
    clear(): void {
      entries.clear();
    },
  };
}
