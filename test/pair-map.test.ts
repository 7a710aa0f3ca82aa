import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { PairMap } from "../src/collision/broadphase/pair-map.js";
import { Contact } from "../src/contacts/contact.js";
import { Circle } from "../src/bodies/circle.js";

describe("PairMap (contacts by body pair, open addressing)", () => {
  it("agrees with a Map on random sequences of set, get and delete, across resizes", () => {
    const body = new Circle({ radius: 1 });
    const values = Array.from({ length: 8 }, () => new Contact(body, body));
    const op = fc.record({
      kind: fc.constantFrom("set", "delete", "get"),
      a: fc.integer({ min: 0, max: 60 }),
      b: fc.integer({ min: 0, max: 60 }),
      v: fc.integer({ min: 0, max: 7 }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 600 }), (ops) => {
        const map = new PairMap();
        const ref = new Map<string, Contact>();
        for (const { kind, a, b, v } of ops) {
          const key = `${a},${b}`;
          if (kind === "set") {
            map.set(a, b, values[v]!);
            ref.set(key, values[v]!);
          } else if (kind === "delete") {
            expect(map.delete(a, b)).toBe(ref.delete(key));
          } else {
            expect(map.get(a, b)).toBe(ref.get(key));
          }
          expect(map.size).toBe(ref.size);
        }
        for (const [key, value] of ref) {
          const [a, b] = key.split(",").map(Number);
          expect(map.get(a!, b!)).toBe(value);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("keeps large ids apart (ids up to 2^26)", () => {
    const body = new Circle({ radius: 1 });
    const c1 = new Contact(body, body);
    const c2 = new Contact(body, body);
    const map = new PairMap();
    map.set(2 ** 26 - 1, 2 ** 26 - 2, c1);
    map.set(2 ** 26 - 2, 2 ** 26 - 1, c2);
    expect(map.get(2 ** 26 - 1, 2 ** 26 - 2)).toBe(c1);
    expect(map.get(2 ** 26 - 2, 2 ** 26 - 1)).toBe(c2);
    expect(map.get(0, 0)).toBeUndefined();
  });
});
