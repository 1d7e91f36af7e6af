// A bounded map for what the server remembers per request source (licence files, request bodies, verified tokens):
// it keeps the recently used entries and forgets the rest, at the cost of one lookup a read.

/**
 * A map of at most `size` entries that keeps the recently used ones: two generations, the newer filled until it holds
 * half, then the older dropped. A read costs one lookup, where an exact LRU would move the entry on every hit.
 */
export function createRecentMap<K, V>(size: number) {
  const half = Math.max(1, Math.floor(size / 2));
  let newer = new Map<K, V>();
  let older = new Map<K, V>();
  const set = (key: K, value: V) => {
    if (newer.size >= half) {
      older = newer;
      newer = new Map();
    }
    newer.set(key, value);
  };
  return {
    get(key: K): V | undefined {
      const value = newer.get(key);
      if (value !== undefined) return value;
      const kept = older.get(key);
      if (kept !== undefined) set(key, kept);
      return kept;
    },
    set,
    delete(key: K): void {
      newer.delete(key);
      older.delete(key);
    },
    get size() {
      return newer.size + older.size;
    },
  };
}
