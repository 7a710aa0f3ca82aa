/**
 * A growable list of integers on an Int32Array: `push` doubles the storage
 * when full, `clear` keeps it. Once it has grown to the size a scene needs,
 * using it allocates nothing.
 */
import { grown } from "../../math/typed.js";

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
    if (this.count === this.items.length) this.items = grown(this.items, this.items.length * 2);
    this.items[this.count++] = value;
  }
}
