/**
 * Constraint graph colouring (the idea of Box2D v3's constraint graph): the
 * step's contact constraints are sorted into colours so that no two
 * constraints of one colour move the same body. The constraints of a colour
 * can then be solved in any order, or at the same time on several threads,
 * and give the same bits; the colours are solved one after another.
 *
 * Bodies that do not move in the step (static or asleep: solver slot 0) do
 * not count, as in Box2D: a contact with the ground only takes its other
 * body's place in a colour. Kinematic bodies count (a solve writes their
 * velocity back, so two threads must not share one; Box2D does the same).
 *
 * Each constraint takes, in constraint order, the first colour free for its
 * bodies: contacts between two moving bodies the lowest of the first
 * `DYNAMIC_COLOURS`, contacts with a still body the highest below the
 * overflow (Box2D fills those from the end, so that they take precedence
 * over moving-moving contacts). A constraint for which no colour is free (a
 * body touching more than the colours can hold) goes to the overflow, which
 * one thread solves alone before the colours. Unlike Box2D's graph, which
 * keeps a contact's colour while it touches, the colours are made anew each
 * step from the constraint order: they depend on nothing but the step's
 * constraints, so a restored snapshot colours exactly as the original did.
 *
 * A body's colours are the bits of one 32-bit mask (`used[slot]`), so a free
 * colour is found with a few bit operations, not a search.
 */
import type { Contact } from "../contacts/contact.js";
import { capacityFor, grown } from "../math/typed.js";

/** Colours, the overflow included (Box2D v3's B2_GRAPH_COLOR_COUNT). */
export const COLOUR_COUNT = 24;
/** The overflow's index among the colours (the last). */
export const OVERFLOW = COLOUR_COUNT - 1;
/** Colours open to contacts between two moving bodies (Box2D v3 keeps the last few for contacts with a still body). */
export const DYNAMIC_COLOURS = COLOUR_COUNT - 4;

/** Colours 0 .. DYNAMIC_COLOURS − 1 as a bit mask. */
const DYNAMIC_MASK = (1 << DYNAMIC_COLOURS) - 1;
/** Colours 1 .. OVERFLOW − 1 as a bit mask. */
const STILL_MASK = ((1 << OVERFLOW) - 1) & ~1;

/**
 * The step's colouring: `colour` reorders the constraint list so that the
 * overflow comes first and then each colour's constraints, in constraint
 * order within each, and records where each part begins.
 */
export class GraphColouring {
  /**
   * Where each part of the reordered list starts: part 0 is the overflow,
   * part c + 1 is colour c; `start[COLOUR_COUNT]` is the constraint count.
   */
  readonly start = new Int32Array(COLOUR_COUNT + 1);
  /** Each constraint's colour (OVERFLOW for the overflow), in the original order (scratch). */
  private colourOf: Int32Array = new Int32Array(64);
  /** Per solver slot: the colours its body is in, as bits. */
  private used: Int32Array = new Int32Array(64);
  /** The reordered list is built here, then copied back. */
  private readonly scratch: Contact[] = [];
  /** Constraints per colour (scratch). */
  private readonly counts = new Int32Array(COLOUR_COUNT);

  /**
   * Colour `list[0 .. n)` and reorder it in place: overflow first, then colour
   * 0, 1, ...; constraints keep their relative order within a part.
   * `slotOf[body.slot]` is each body's solver slot (0: it does not move), and
   * `slots` the number of solver slots.
   */
  colour(list: Contact[], n: number, slotOf: Int32Array, slots: number): void {
    if (this.used.length < slots) this.used = new Int32Array(capacityFor(this.used.length, slots));
    if (this.colourOf.length < n) this.colourOf = grown(this.colourOf, capacityFor(this.colourOf.length, n));
    const used = this.used;
    used.fill(0, 0, slots);
    const counts = this.counts;
    counts.fill(0);
    const colourOf = this.colourOf;
    for (let i = 0; i < n; i++) {
      const c = list[i]!;
      const a = slotOf[c.bodyA.slot]!;
      const b = slotOf[c.bodyB.slot]!;
      let colour = OVERFLOW;
      if (a !== 0 && b !== 0) {
        const free = ~(used[a]! | used[b]!) & DYNAMIC_MASK;
        if (free !== 0) {
          colour = 31 - Math.clz32(free & -free); // the lowest free colour
          used[a] = used[a]! | (1 << colour);
          used[b] = used[b]! | (1 << colour);
        }
      } else if (a !== 0 || b !== 0) {
        const s = a !== 0 ? a : b;
        const free = ~used[s]! & STILL_MASK;
        if (free !== 0) {
          colour = 31 - Math.clz32(free); // the highest free colour
          used[s] = used[s]! | (1 << colour);
        }
      } else {
        colour = OVERFLOW; // neither body moves (not expected): solved alone
      }
      colourOf[i] = colour;
      counts[colour] = counts[colour]! + 1;
    }
    // part 0: the overflow; part k + 1: colour k
    const start = this.start;
    start[0] = 0;
    start[1] = counts[OVERFLOW]!;
    for (let k = 0; k < OVERFLOW; k++) start[k + 2] = start[k + 1]! + counts[k]!;
    // where the next constraint of each part goes (counts reused as cursors)
    counts[OVERFLOW] = 0;
    for (let k = 0; k < OVERFLOW; k++) counts[k] = start[k + 1]!;
    const out = this.scratch;
    for (let i = 0; i < n; i++) {
      const k = colourOf[i]!;
      const at = counts[k]!;
      out[at] = list[i]!;
      counts[k] = at + 1;
    }
    for (let i = 0; i < n; i++) list[i] = out[i]!;
  }

  /** The number of constraints in part p (0: the overflow, c + 1: colour c). */
  partSize(p: number): number {
    return this.start[p + 1]! - this.start[p]!;
  }
}
