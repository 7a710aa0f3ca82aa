/**
 * A growable list of integers on an Int32Array: `push` doubles the storage
 * when full, `clear` keeps it. Once it has grown to the size a scene needs,
 * using it allocates nothing.
 */
export class IntList {
  items: Int32Array;
  count = 0;

  constructor(capacity = 16) {
    this.items = new Int32Array(capacity);
  }

  clear(): void {
    this.count = 0;
  }

  push(value: number): void {
    if (this.count === this.items.length) {
      const bigger = new Int32Array(this.items.length * 2);
      bigger.set(this.items);
      this.items = bigger;
    }
    this.items[this.count++] = value;
  }
}
