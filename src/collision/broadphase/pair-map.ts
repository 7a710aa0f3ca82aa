/**
 * A hash map from a body pair (idA, idB) to a value (a contact; or, in the
 * broadphases that diff their pair sets, an index): open addressing with
 * linear probing over flat Int32Arrays, so a lookup allocates nothing (a
 * `Map` keyed by idA·2^26 + idB would box every key above 2^31 as a heap
 * number). Deletion shifts later entries back, so there are no tombstones.
 */
export class PairMap<T = unknown> {
  /** Slot i holds idA at 2i and idB at 2i + 1 (side by side: one cache line per probe); idA −1 = empty. */
  private keys = new Int32Array(512).fill(-1);
  private values: (T | null)[] = new Array<T | null>(256).fill(null);
  private mask = 255;
  size = 0;

  /** Kept to 30 bits so it is a small integer to V8 (never boxed as a heap number). */
  private static hash(a: number, b: number): number {
    const h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b ^ 0x7f4a7c15, 0x85ebca77);
    return (h ^ (h >>> 15)) & 0x3fffffff;
  }

  get(a: number, b: number): T | undefined {
    const mask = this.mask;
    let i = PairMap.hash(a, b) & mask;
    for (;;) {
      const ka = this.keys[2 * i]!;
      if (ka === -1) return undefined;
      if (ka === a && this.keys[2 * i + 1] === b) return this.values[i]!;
      i = (i + 1) & mask;
    }
  }

  set(a: number, b: number, value: T): void {
    if ((this.size + 1) * 2 > this.mask + 1) this.resize((this.mask + 1) * 2);
    const mask = this.mask;
    let i = PairMap.hash(a, b) & mask;
    for (;;) {
      const ka = this.keys[2 * i]!;
      if (ka === -1) break;
      if (ka === a && this.keys[2 * i + 1] === b) {
        this.values[i] = value;
        return;
      }
      i = (i + 1) & mask;
    }
    this.keys[2 * i] = a;
    this.keys[2 * i + 1] = b;
    this.values[i] = value;
    this.size++;
  }

  delete(a: number, b: number): boolean {
    const mask = this.mask;
    let i = PairMap.hash(a, b) & mask;
    for (;;) {
      const ka = this.keys[2 * i]!;
      if (ka === -1) return false;
      if (ka === a && this.keys[2 * i + 1] === b) break;
      i = (i + 1) & mask;
    }
    // backward-shift deletion: move later entries of the cluster into the hole
    let hole = i;
    let j = i;
    for (;;) {
      j = (j + 1) & mask;
      const ka = this.keys[2 * j]!;
      if (ka === -1) break;
      const home = PairMap.hash(ka, this.keys[2 * j + 1]!) & mask;
      // move j into the hole unless its home lies cyclically in (hole, j]
      const between = hole <= j ? home > hole && home <= j : home > hole || home <= j;
      if (between) continue;
      this.keys[2 * hole] = ka;
      this.keys[2 * hole + 1] = this.keys[2 * j + 1]!;
      this.values[hole] = this.values[j]!;
      hole = j;
    }
    this.keys[2 * hole] = -1;
    this.values[hole] = null;
    this.size--;
    return true;
  }

  clear(): void {
    this.keys.fill(-1);
    this.values.fill(null);
    this.size = 0;
  }

  private resize(capacity: number): void {
    const oldKeys = this.keys;
    const oldValues = this.values;
    this.keys = new Int32Array(2 * capacity).fill(-1);
    this.values = new Array<T | null>(capacity).fill(null);
    this.mask = capacity - 1;
    this.size = 0;
    for (let i = 0; i < oldValues.length; i++) {
      if (oldKeys[2 * i] !== -1) this.set(oldKeys[2 * i]!, oldKeys[2 * i + 1]!, oldValues[i]!);
    }
  }
}
