/**
 * A deletion-neighbourhood index (SymSpell's idea): every indexed name is stored under each string
 * obtained by deleting up to its allowed number of characters, so two strings within edit distance d
 * share a key and finding the names near a label is a few hash lookups, whatever the number of names.
 * As in SymSpell, keys come from the first PREFIX characters only (an edit within reach changes the
 * prefix by at most as many deletions on each side), and keys are 32-bit polynomial hashes computed
 * without building strings. Collisions and prefix matches only add candidates; callers verify each one.
 */
const PREFIX = 8;
const BASE = 131;
const POW: Int32Array = (() => {
  const pow = new Int32Array(PREFIX + 2);
  pow[0] = 1;
  for (let k = 1; k < pow.length; k++) pow[k] = Math.imul(pow[k - 1] ?? 1, BASE);
  return pow;
})();

/** Keys are kept to 30 bits so that they stay small integers in the engine. */
const KEY_MASK = 0x3fffffff;

function hashOf(text: string): number {
  let h = 0;
  for (let k = 0; k < text.length; k++) h = (Math.imul(h, BASE) + text.charCodeAt(k)) | 0;
  return h & KEY_MASK;
}

export class DeletionIndex {
  private readonly keys = new Map<number, number[]>();
  /** Open-addressing table built from `keys` on first query: slot → key + 1 (0 = empty), ids offset. */
  private slots: Int32Array = new Int32Array(0);
  private offsets: Int32Array = new Int32Array(0);
  /** Per key: the number of ids, then the ids. */
  private pool: Int32Array = new Int32Array(0);
  private mask = 0;
  private frozen = false;
  private readonly lengths: number[] = [];
  private readonly distances: number[] = [];
  /** For a query of length L, the deletion depth any indexed name within reach needs (-1: none). */
  private depthByLength: Int8Array = new Int8Array(0);
  private readonly prefixHash = new Int32Array(PREFIX + 1);

  /** Indexes `word` (already in skeleton form) for edit distance up to `maxDistance` (0, 1 or 2). */
  add(word: string, id: number, maxDistance: 0 | 1 | 2): void {
    this.frozen = false;
    this.lengths[id] = word.length;
    this.distances[id] = maxDistance;
    for (const key of deletions(word.slice(0, PREFIX), maxDistance)) {
      const hash = hashOf(key);
      const ids = this.keys.get(hash);
      if (!ids) this.keys.set(hash, [id]);
      else if (!ids.includes(id)) ids.push(id);
    }
    const top = word.length + maxDistance + 1;
    if (this.depthByLength.length < top) {
      const grown = new Int8Array(top).fill(-1);
      grown.set(this.depthByLength);
      this.depthByLength = grown;
    }
    for (let length = Math.max(0, word.length - maxDistance); length < top; length++) {
      if ((this.depthByLength[length] ?? -1) < maxDistance) this.depthByLength[length] = maxDistance;
    }
  }

  /** Adds to `into` the ids of indexed words that may lie within their allowed distance of `word`. */
  candidates(word: string, into: Set<number>): void {
    const length = word.length;
    const depth = length < this.depthByLength.length ? (this.depthByLength[length] ?? -1) : -1;
    if (depth < 0) return;
    if (!this.frozen) this.freeze();
    const n = Math.min(length, PREFIX);
    const prefix = this.prefixHash;
    for (let k = 0; k < n; k++) prefix[k + 1] = (Math.imul(prefix[k] ?? 0, BASE) + word.charCodeAt(k)) | 0;
    this.lookUp(prefix[n] ?? 0, length, into);
    if (depth === 0) return;
    for (let i = 0; i < n; i++) {
      if (i > 0 && word.charCodeAt(i) === word.charCodeAt(i - 1)) continue;
      const head = this.part(0, i);
      const once = (Math.imul(head, POW[n - 1 - i] ?? 0) + this.part(i + 1, n)) | 0;
      this.lookUp(once, length, into);
      if (depth < 2) continue;
      for (let j = i + 1; j < n; j++) {
        if (j > i + 1 && word.charCodeAt(j) === word.charCodeAt(j - 1)) continue;
        const middle = Math.imul(this.part(i + 1, j), POW[n - 1 - j] ?? 0);
        this.lookUp((Math.imul(head, POW[n - 2 - i] ?? 0) + middle + this.part(j + 1, n)) | 0, length, into);
      }
    }
  }

  /** Whether some indexed word can be within reach of a query of this length. */
  reaches(length: number): boolean {
    return length < this.depthByLength.length && (this.depthByLength[length] ?? -1) >= 0;
  }

  /** Hash of characters [a, b) of the current query prefix. */
  private part(a: number, b: number): number {
    const prefix = this.prefixHash;
    return ((prefix[b] ?? 0) - Math.imul(prefix[a] ?? 0, POW[b - a] ?? 0)) | 0;
  }

  private lookUp(hash: number, length: number, into: Set<number>): void {
    const stored = (hash & KEY_MASK) + 1;
    let slot = Math.imul(stored, 0x9e3779b1) & this.mask;
    for (;;) {
      const key = this.slots[slot] ?? 0;
      if (key === 0) return;
      if (key === stored) break;
      slot = (slot + 1) & this.mask;
    }
    const offset = this.offsets[slot] ?? 0;
    const count = this.pool[offset] ?? 0;
    for (let k = 1; k <= count; k++) {
      const id = this.pool[offset + k] ?? 0;
      if (Math.abs((this.lengths[id] ?? 0) - length) <= (this.distances[id] ?? 0)) into.add(id);
    }
  }

  /** Packs the keys into typed arrays: lookups then allocate nothing. */
  private freeze(): void {
    let capacity = 1;
    while (capacity < this.keys.size * 2) capacity <<= 1;
    this.mask = capacity - 1;
    this.slots = new Int32Array(capacity);
    this.offsets = new Int32Array(capacity);
    let poolSize = 0;
    for (const ids of this.keys.values()) poolSize += ids.length + 1;
    this.pool = new Int32Array(poolSize);
    let next = 0;
    for (const [key, ids] of this.keys) {
      const stored = key + 1;
      let slot = Math.imul(stored, 0x9e3779b1) & this.mask;
      while ((this.slots[slot] ?? 0) !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = stored;
      this.offsets[slot] = next;
      this.pool[next] = ids.length;
      ids.forEach((id, k) => {
        this.pool[next + 1 + k] = id;
      });
      next += ids.length + 1;
    }
    this.frozen = true;
  }

  get size(): number {
    return this.keys.size;
  }
}

function deletions(word: string, depth: number): Set<string> {
  const out = new Set<string>([word]);
  let frontier = [word];
  for (let level = 0; level < depth; level++) {
    const next: string[] = [];
    for (const item of frontier) {
      for (let i = 0; i < item.length; i++) {
        const shorter = item.slice(0, i) + item.slice(i + 1);
        if (!out.has(shorter)) {
          out.add(shorter);
          next.push(shorter);
        }
      }
    }
    frontier = next;
  }
  return out;
}
