/**
 * Seams: the faces that static boxes share, so that a body moving across a
 * floor, or along a wall, made of separate tiles moves as across one body.
 *
 * The problem ("ghost collisions"). A box sliding on tile T reaches tile U
 * next to it. Sunk a hair into the floor (every solver lets a resting body
 * sink by a little), its front edge is then also a hair past U's left face,
 * and the box–U overlap is smaller along x than along y: the narrowphase
 * reports U's left face, normal −x, and the box stops dead. A circle or a
 * capsule gets U's top-left corner instead, whose normal leans back: it
 * hops. Neither face nor corner exists on the merged floor.
 *
 * The exact treatment for boxes that never rotate. A face of a static box
 * that another static box covers (the two faces lie in one line and overlap)
 * is an internal face, and a corner next to such a neighbour is not a
 * corner of the union at all. A contact with a tile never uses what the
 * union does not have:
 * - an internal face is never the contact face: the narrowphase picks the
 *   best of the tile's exposed faces (the top face, with the top face's
 *   depth, when the box above slides over the seam), or no contact if there
 *   is none (the body then overlaps the neighbour, which has its own);
 * - a hidden corner is never the contact feature: the body in that corner's
 *   region is over the neighbour's face, and the neighbour's contact holds it
 *   (Box2D's chain shapes skip a normal in the region of a flat ghost vertex
 *   the same way, see box2d.org/posts/2020/06/ghost-collisions).
 * A face that is covered only in part (a 1 m tile beside a 2 m block, or a
 * merged run beside a shorter one) counts as internal for a contact when the
 * covered part spans the other body's extent along the face.
 *
 * The narrowphase reads the hidden features as bit masks (`maskA`, `maskB`
 * of the manifold buffer: bit 1 << BoxFeature for each hidden face and
 * corner), which `maskContact` fills for contacts with a tile that has
 * neighbours. Everything else costs one flag test per contact with a static
 * body, and nothing for the others.
 *
 * The links are kept up to date by whoever changes a static box (the world,
 * when one is added, removed, moved, or changes type, filter or sensor flag;
 * see `update`), which also refreshes the contacts of the neighbours whose
 * faces changed. Two tiles are linked only when they would act alike on
 * every body: both static, solid, with the same collision filter and the
 * same one-way direction. The links depend only on the geometry, never on
 * the order the tiles were added, so a world restored from a snapshot
 * rebuilds the same ones.
 */
import { BOX, SEGMENT, type Body } from "../bodies/body.js";
import type { Broadphase } from "../collision/broadphase/broadphase.js";
import { BoxFeature } from "../collision/narrowphase/feature-id.js";
import type { ManifoldBuffer } from "../collision/narrowphase/manifold.js";

/**
 * How far apart two faces may be and still count as shared, m (a
 * micrometre: tile positions computed as i·size + size/2 round by far less,
 * and nothing physical fits through such a gap).
 */
export const SEAM_TOLERANCE = 1e-6;

/** A neighbour across one of a static box's faces. */
interface Link {
  body: Body;
  /** The face of the linked-from box that the neighbour covers (BoxFeature LEFT..TOP); -1 for a chain's segment. */
  face: number;
  /** For a link to a chain's segment: the bits it hides (a face and a corner, see `chainCover`); else 0. */
  chain: number;
}

/** Can this body share faces? Static solid boxes can. */
export function isTile(b: Body): boolean {
  return b._type === "static" && b._kind === BOX && !b._isSensor;
}

/** Can this body continue a tile's face? A static, solid chain segment (a Chain's part) can. */
export function isChainSegment(b: Body): boolean {
  return b._type === "static" && b._kind === SEGMENT && !b._isSensor && b.segment !== null && b.segment.oneSided;
}

/** Would two tiles act alike on every body (so that a face one covers of the other is internal)? */
function alike(a: Body, b: Body): boolean {
  if (a._category !== b._category || a._mask !== b._mask || a._group !== b._group) return false;
  const oa = a._oneWay;
  const ob = b._oneWay;
  if (oa === null || ob === null) return oa === ob;
  return oa.x === ob.x && oa.y === ob.y;
}

export class Seams {
  /** Per slot: the neighbours (null when none). */
  private links: (Link[] | null)[] = [];
  /** Per slot: bits of the faces covered whole and of the hidden corners. */
  private hidden = new Uint8Array(64);
  /** Per slot: bits of the faces covered in part. */
  private partial = new Uint8Array(64);
  /** Static bodies moved since the last step: their broadphase boxes are stale until the next step. */
  private readonly moved: Body[] = [];
  /** Linked pairs (for tests and the debug view). */
  linkCount = 0;
  /** The interval `covers` tests (fields, not arguments: V8 boxes doubles passed to a call it does not inline). */
  private spanLo = 0;
  private spanHi = 0;

  /** Make room for body slots 0 .. n-1. */
  growSlots(n: number): void {
    while (this.links.length < n) this.links.push(null);
    if (this.hidden.length < n) {
      const size = Math.max(n, 2 * this.hidden.length);
      const h = new Uint8Array(size);
      h.set(this.hidden);
      this.hidden = h;
      const p = new Uint8Array(size);
      p.set(this.partial);
      this.partial = p;
    }
  }

  /** Forget every link (as new, keeping the memory grown): for a world restored in place. */
  clear(): void {
    this.links.fill(null);
    this.hidden.fill(0);
    this.partial.fill(0);
    this.moved.length = 0;
    this.linkCount = 0;
  }

  /** Is `body` linked to a neighbour? */
  hasLinks(body: Body): boolean {
    const list = this.links[body.slot];
    return list !== null && list !== undefined;
  }

  /** The bits of `body`'s hidden faces and corners (whole faces only), for tests. */
  hiddenOf(body: Body): number {
    return this.hidden[body.slot]!;
  }

  /** The tiles linked to `body`, in id order (for tests and the debug view). */
  neighboursOf(body: Body): Body[] {
    const list = this.links[body.slot];
    if (list === null || list === undefined) return [];
    return list.map((l) => l.body).sort((a, b) => a._id - b._id);
  }

  /**
   * `body` was added, changed (pose, type, filter, sensor flag, one-way
   * direction) or is about to be removed (`present` false): drop its links
   * and, if it is (still) a tile, find its neighbours at its current pose.
   * Every other body whose links changed is pushed onto `affected` (their
   * contacts must be refreshed). Called between steps only; allocates.
   */
  update(body: Body, broadphase: Broadphase, present: boolean, affected: Body[]): void {
    this.unlink(body, affected);
    if (present && isTile(body)) this.link(body, broadphase, affected);
    else if (present && isChainSegment(body)) {
      // the tiles whose corner it starts at find it (their links found again with it there)
      const t = SEAM_TOLERANCE;
      const found: Body[] = [];
      broadphase.queryStatic({ minX: body.minX - t, minY: body.minY - t, maxX: body.maxX + t, maxY: body.maxY + t }, (o: Body) => {
        if (isTile(o) && found.indexOf(o) < 0) found.push(o);
      });
      for (const m of this.moved) if (isTile(m) && found.indexOf(m) < 0) found.push(m);
      found.sort((a, b) => a._id - b._id);
      for (const tile of found) {
        if (chainCover(tile, body) === 0) continue;
        this.unlink(tile, affected);
        this.link(tile, broadphase, affected);
        affected.push(tile);
      }
    }
  }

  /** A static body was moved by the user: until the next step its broadphase box is stale. */
  noteMoved(body: Body): void {
    if (this.moved.indexOf(body) < 0) this.moved.push(body);
  }

  /** The step brought every broadphase box up to date. */
  clearMoved(): void {
    this.moved.length = 0;
  }

  private unlink(body: Body, affected: Body[]): void {
    const slot = body.slot;
    const list = this.links[slot];
    this.hidden[slot] = 0;
    this.partial[slot] = 0;
    if (list === null || list === undefined) return;
    this.links[slot] = null;
    for (const l of list) {
      const other = l.body;
      const theirs = this.links[other.slot]!;
      const i = theirs.findIndex((m) => m.body === body);
      theirs.splice(i, 1);
      if (theirs.length === 0) this.links[other.slot] = null;
      this.linkCount--;
      this.recompute(other);
      affected.push(other);
    }
  }

  private link(body: Body, broadphase: Broadphase, affected: Body[]): void {
    const t = SEAM_TOLERANCE;
    const found: Body[] = [];
    const visit = (other: Body): void => {
      if (other !== body && found.indexOf(other) < 0) found.push(other);
    };
    broadphase.queryStatic({ minX: body.minX - t, minY: body.minY - t, maxX: body.maxX + t, maxY: body.maxY + t }, visit);
    for (const m of this.moved) visit(m);
    // id order: the links (and so everything derived from them) do not depend on the broadphase
    found.sort((a, b) => a._id - b._id);
    for (const other of found) {
      if (other._world !== body._world || !alike(body, other)) continue;
      if (isChainSegment(other)) {
        const bits = chainCover(body, other);
        if (bits === 0) continue;
        this.addLink(body, other, -1, bits);
        this.addLink(other, body, -1, 0);
        this.linkCount++;
        continue;
      }
      if (!isTile(other)) continue;
      const face = sharedFace(body, other);
      if (face < 0) continue;
      this.addLink(body, other, face, 0);
      this.addLink(other, body, opposite(face), 0);
      this.linkCount++;
      this.recompute(other);
      affected.push(other);
    }
    this.recompute(body);
  }

  private addLink(from: Body, to: Body, face: number, chain: number): void {
    let list = this.links[from.slot];
    if (list === null || list === undefined) {
      list = [];
      this.links[from.slot] = list;
    }
    list.push({ body: to, face, chain });
  }

  /** A box's hidden and partly covered faces, and hidden corners, from its links. */
  private recompute(body: Body): void {
    const slot = body.slot;
    const list = this.links[slot];
    let hidden = 0;
    let partial = 0;
    if (list !== null && list !== undefined) {
      for (let face = BoxFeature.LEFT; face <= BoxFeature.TOP; face++) {
        const alongX = face === BoxFeature.BOTTOM || face === BoxFeature.TOP;
        const lo = alongX ? body.minX : body.minY;
        const hi = alongX ? body.maxX : body.maxY;
        let any = false;
        for (const l of list) if (l.face === face) any = true;
        if (!any) continue;
        this.spanLo = lo;
        this.spanHi = hi;
        if (this.covers(list, face)) hidden |= 1 << face;
        else partial |= 1 << face;
        // the corners at the face's ends: hidden when a neighbour on this face reaches them
        const loCorner = face === BoxFeature.LEFT ? BoxFeature.BOTTOM_LEFT : face === BoxFeature.RIGHT ? BoxFeature.BOTTOM_RIGHT : face === BoxFeature.BOTTOM ? BoxFeature.BOTTOM_LEFT : BoxFeature.TOP_LEFT;
        const hiCorner = face === BoxFeature.LEFT ? BoxFeature.TOP_LEFT : face === BoxFeature.RIGHT ? BoxFeature.TOP_RIGHT : face === BoxFeature.BOTTOM ? BoxFeature.BOTTOM_RIGHT : BoxFeature.TOP_RIGHT;
        for (const l of list) {
          if (l.face !== face) continue;
          const o = l.body;
          const s0 = alongX ? o.minX : o.minY;
          const s1 = alongX ? o.maxX : o.maxY;
          if (s0 <= lo + SEAM_TOLERANCE) hidden |= 1 << loCorner;
          if (s1 >= hi - SEAM_TOLERANCE) hidden |= 1 << hiCorner;
        }
      }
    }
    if (list !== null && list !== undefined) for (const l of list) hidden |= l.chain;
    this.hidden[slot] = hidden;
    this.partial[slot] = partial;
  }

  /**
   * The narrowphase masks of a contact between A and B (one of them static):
   * `out.maskA` and `out.maskB`, the hidden features of each body that is a
   * tile with neighbours (0 otherwise). Allocates nothing.
   */
  maskContact(a: Body, b: Body, out: ManifoldBuffer): void {
    out.maskA = a._type === "static" ? this.maskOf(a, b) : 0;
    out.maskB = b._type === "static" ? this.maskOf(b, a) : 0;
  }

  /**
   * The hidden features of tile `tile` for a contact with `other`: the faces
   * covered whole, the hidden corners, and the faces covered in part where
   * the covered part spans `other`'s extent along the face (its bounds).
   */
  maskOf(tile: Body, other: Body): number {
    const slot = tile.slot;
    let mask = this.hidden[slot]!;
    const partial = this.partial[slot]!;
    if (partial === 0) return mask;
    const list = this.links[slot]!;
    for (let face = BoxFeature.LEFT; face <= BoxFeature.TOP; face++) {
      if ((partial & (1 << face)) === 0) continue;
      const alongX = face === BoxFeature.BOTTOM || face === BoxFeature.TOP;
      const fLo = alongX ? tile.minX : tile.minY;
      const fHi = alongX ? tile.maxX : tile.maxY;
      let lo = alongX ? other.minX : other.minY;
      let hi = alongX ? other.maxX : other.maxY;
      if (lo < fLo) lo = fLo;
      if (hi > fHi) hi = fHi;
      if (lo > hi) {
        // beyond the face's end: what matters is the end nearer to the body
        const end = lo > fHi - SEAM_TOLERANCE ? fHi : fLo;
        lo = end;
        hi = end;
      }
      this.spanLo = lo;
      this.spanHi = hi;
      if (this.covers(list, face)) mask |= 1 << face;
    }
    return mask;
  }

  /**
   * Do the neighbours across `face` cover [spanLo, spanHi] along it (up to
   * the tolerance)? Order-independent: how far a chain of overlapping
   * neighbours reaches from spanLo.
   */
  private covers(list: readonly Link[], face: number): boolean {
    const alongX = face === BoxFeature.BOTTOM || face === BoxFeature.TOP;
    const hi = this.spanHi;
    let reach = this.spanLo;
    for (;;) {
      // the farthest a neighbour starting at or before `reach` goes (no farther than `reach` if none)
      let next = reach;
      for (let i = 0; i < list.length; i++) {
        const l = list[i]!;
        if (l.face !== face) continue;
        const o = l.body;
        const s0 = alongX ? o.minX : o.minY;
        const s1 = alongX ? o.maxX : o.maxY;
        if (s0 - SEAM_TOLERANCE <= reach && s1 > next) next = s1;
      }
      if (next + SEAM_TOLERANCE >= hi) return true;
      if (!(next > reach)) return false;
      reach = next;
    }
  }
}

/** The face of `a` that `b` covers (the faces lie in one line and overlap by more than the tolerance), or -1. */
function sharedFace(a: Body, b: Body): number {
  const t = SEAM_TOLERANCE;
  const overlapX = Math.min(a.maxX, b.maxX) - Math.max(a.minX, b.minX);
  const overlapY = Math.min(a.maxY, b.maxY) - Math.max(a.minY, b.minY);
  if (overlapY > t) {
    if (Math.abs(a.maxX - b.minX) <= t) return BoxFeature.RIGHT;
    if (Math.abs(a.minX - b.maxX) <= t) return BoxFeature.LEFT;
  }
  if (overlapX > t) {
    if (Math.abs(a.maxY - b.minY) <= t) return BoxFeature.TOP;
    if (Math.abs(a.minY - b.maxY) <= t) return BoxFeature.BOTTOM;
  }
  return -1;
}

function opposite(face: number): number {
  return face === BoxFeature.LEFT ? BoxFeature.RIGHT : face === BoxFeature.RIGHT ? BoxFeature.LEFT : face === BoxFeature.BOTTOM ? BoxFeature.TOP : BoxFeature.BOTTOM;
}


/**
 * The features of tile `tile` that chain segment `seg` hides, as mask bits,
 * or 0: a segment that starts at one of the tile's corners and goes on
 * outwards in the line of one of the corner's faces, facing the same way
 * (its normal, the right of its direction, is the face's outward normal),
 * continues that face as the chain's surface, with the chain's solid side
 * behind it. The corner is then no corner of the level's surface, and the
 * corner's other face lies behind the chain: both are hidden (a body sliding
 * off the tiles onto the chain, or back, meets neither, as across a seam).
 */
function chainCover(tile: Body, seg: Body): number {
  const g = seg.segment!;
  const qc = seg.qc;
  const qs = seg.qs;
  const ax = seg.px + (qc * g.ax - qs * g.ay);
  const ay = seg.py + (qs * g.ax + qc * g.ay);
  const bx = seg.px + (qc * g.bx - qs * g.by);
  const by = seg.py + (qs * g.bx + qc * g.by);
  // the chain's normal: the right of a → b
  const dx = bx - ax;
  const dy = by - ay;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (!(len > SEAM_TOLERANCE)) return 0;
  const nx = dy / len;
  const ny = -dx / len;
  const t = SEAM_TOLERANCE;
  let bits = 0;
  for (let end = 0; end < 2; end++) {
    const ex = end === 0 ? ax : bx;
    const ey = end === 0 ? ay : by;
    const fx = end === 0 ? bx : ax;
    const fy = end === 0 ? by : ay;
    for (let side = 0; side < 4; side++) {
      const high = (side & 1) !== 0; // x side
      const top = (side & 2) !== 0; // y side
      const kx = high ? tile.maxX : tile.minX;
      const ky = top ? tile.maxY : tile.minY;
      if (Math.abs(ex - kx) > t || Math.abs(ey - ky) > t) continue;
      const corner = BoxFeature.BOTTOM_LEFT + (high ? 1 : 0) + (top ? 2 : 0);
      // along the horizontal face (TOP or BOTTOM), outwards in x, facing its way: hides the vertical face
      if (Math.abs(fy - ky) <= t && (high ? fx > kx : fx < kx) && (top ? ny : -ny) > 1 - 1e-9) {
        bits |= (1 << corner) | (1 << (high ? BoxFeature.RIGHT : BoxFeature.LEFT));
      }
      // along the vertical face (LEFT or RIGHT), outwards in y, facing its way: hides the horizontal face
      if (Math.abs(fx - kx) <= t && (top ? fy > ky : fy < ky) && (high ? nx : -nx) > 1 - 1e-9) {
        bits |= (1 << corner) | (1 << (top ? BoxFeature.TOP : BoxFeature.BOTTOM));
      }
    }
  }
  return bits;
}
