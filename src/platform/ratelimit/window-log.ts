const INITIAL_CAPACITY = 4;

/**
 * The accepted-request times of one key, oldest first, in a growable ring buffer. Appending and dropping
 * expired times are O(1) amortized and allocate nothing once the buffer has grown to the key's limit.
 * Times never decrease: a time earlier than the newest one is recorded as the newest one.
 */
export class WindowLog {
  /** Window length of the most recent hit; the idle sweep uses it. */
  windowMs: number;
  private times: Float64Array;
  private mask: number;
  private head = 0;
  private size = 0;

  constructor(windowMs: number, expectedLimit: number) {
    this.windowMs = windowMs;
    const capacity = Math.min(nextPowerOfTwo(expectedLimit), INITIAL_CAPACITY);
    this.times = new Float64Array(capacity);
    this.mask = capacity - 1;
  }

  get count(): number {
    return this.size;
  }

  /** The i-th oldest recorded time (0 is the oldest); only valid for 0 <= i < count. */
  at(i: number): number {
    return this.times[(this.head + i) & this.mask] ?? 0;
  }

  /** The newest recorded time, or -Infinity when the log is empty. */
  newest(): number {
    return this.size === 0 ? Number.NEGATIVE_INFINITY : this.at(this.size - 1);
  }

  /** Drops every time at or before `cutoff`. */
  dropThrough(cutoff: number): void {
    while (this.size > 0 && (this.times[this.head] ?? 0) <= cutoff) {
      this.head = (this.head + 1) & this.mask;
      this.size--;
    }
  }

  /** Records `time`, raised to the newest recorded time if it is earlier. */
  append(time: number): void {
    const recorded = Math.max(time, this.newest());
    if (this.size === this.times.length) this.grow();
    this.times[(this.head + this.size) & this.mask] = recorded;
    this.size++;
  }

  private grow(): void {
    const next = new Float64Array(this.times.length * 2);
    for (let i = 0; i < this.size; i++) next[i] = this.at(i);
    this.times = next;
    this.mask = next.length - 1;
    this.head = 0;
  }
}

function nextPowerOfTwo(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}
