/**
 * World events.
 *
 * Pull-based buffers, as in Box2D v3: after each step, `world.contactEvents`
 * and `world.sensorEvents` hold what happened in it, in flat arrays of
 * pooled event objects with a count. Nothing is allocated per step once the
 * pools have grown, and the events stay valid until the next step (then the
 * objects are reused: copy what you want to keep).
 *
 * - contact begin: two solid bodies began touching (at the end of the step
 *   their shapes are within the touching distance, `speculativeDistance`);
 *   with the manifold at that moment.
 * - contact end: they stopped touching, or the contact was destroyed (a body
 *   removed, or changed type, filter or sensor flag: `destroyed` is true).
 *   A body removed between steps reports its ends with the next step.
 * - contact hit: a solid contact was hit faster than `hitEventThreshold`
 *   this step (the approach speed, from the velocities at the step's start),
 *   with the point and normal of the hardest-hit point.
 * - sensor begin / end: a body began or stopped overlapping a sensor.
 *
 * Everything describes the end of the step: after `world.step()`, a begin
 * means "touching now", an end "not touching now".
 *
 * `world.on(name, fn)` is a thin adapter over these buffers (eventemitter3,
 * owned by the world), for code that prefers callbacks: `collisionStart`,
 * `collisionActive`, `collisionEnd` (contacts and sensors together, as
 * `CollisionPair`s), `contactHit`, `sensorStart`, `sensorEnd`, `beforeStep`,
 * `afterStep`. Callback payloads are built only when someone listens. They
 * run after the step has finished, so a handler may add or remove bodies or
 * change them; such changes take effect from the next step.
 */
import { shapeOf, type Body } from "../bodies/body.js";
import type { Shape } from "../bodies/shape.js";
import type { Manifold, ManifoldPoint } from "../collision/narrowphase/manifold.js";
import type { Vec2 } from "../math/vec2.js";
import { DEPTH, DEPTH0, DEPTH1, NX, NY, ROW, X0, X1, Y0, Y1, type Contact } from "../contacts/contact.js";
import type { ContactConstraints } from "../solver/contact-solver.js";
import type { Joint } from "../joints/joint.js";
import type { ContactEventSink } from "../contacts/contact-events.js";
import { capacityFor, grown } from "../math/typed.js";

/** Two solid bodies began touching (`world.contactEvents.begin`). */
export interface ContactBeginEvent {
  /** The body with the lower id. */
  bodyA: Body;
  /** The body with the higher id. */
  bodyB: Body;
  /** The shape of bodyA that touches (its one shape, or one of a compound's). */
  readonly shapeA: Shape<Body>;
  /** The shape of bodyB that touches. */
  readonly shapeB: Shape<Body>;
  /** The manifold at the end of the step (normal from A to B). */
  readonly manifold: Manifold;
}

/** Two solid bodies stopped touching (`world.contactEvents.end`). */
export interface ContactEndEvent {
  /** The body with the lower id. */
  bodyA: Body;
  /** The body with the higher id. */
  bodyB: Body;
  /** The shape of bodyA that stopped touching. */
  readonly shapeA: Shape<Body>;
  /** The shape of bodyB. */
  readonly shapeB: Shape<Body>;
  /** The contact was destroyed (a body was removed, or changed type, filter or sensor flag), not just parted. */
  destroyed: boolean;
}

/** A solid contact was hit faster than `hitEventThreshold` (`world.contactEvents.hit`). */
export interface ContactHitEvent {
  /** The body with the lower id. */
  bodyA: Body;
  /** The body with the higher id. */
  bodyB: Body;
  /** The shape of bodyA that was hit. */
  readonly shapeA: Shape<Body>;
  /** The shape of bodyB. */
  readonly shapeB: Shape<Body>;
  /** The hardest-hit point. */
  readonly point: Vec2;
  /** The contact normal there (unit, from A to B). */
  readonly normal: Vec2;
  /** Relative speed along the normal at which the bodies approached, m/s (> hitEventThreshold). */
  approachSpeed: number;
}

/** A body began or stopped overlapping a sensor (`world.sensorEvents`). */
export interface SensorEvent {
  /** The sensor body (the one with `isSensor`; the lower id when both are). */
  sensor: Body;
  /** The body that began or stopped overlapping it. */
  visitor: Body;
  /** The sensor's shape (its one shape, or one of a compound's). */
  readonly sensorShape: Shape<Body>;
  /** The visitor's shape. */
  readonly visitorShape: Shape<Body>;
}

/**
 * A joint broke: its reaction force (N) or torque (N·m) over the step passed
 * `breakForce` or `breakTorque`. The joint has been removed from the world.
 */
export interface JointBreakEvent {
  /** The joint that broke (no longer in the world). */
  joint: Joint;
  /** The magnitude of the reaction force in the step it broke, N. */
  force: number;
  /** The reaction torque in that step, N·m. */
  torque: number;
}

/** The joint events of the last step: entries `[0, breakCount)` are valid. */
export interface JointEvents {
  /** How many entries of `break` are valid. */
  readonly breakCount: number;
  /** The joints that broke in the last step. */
  readonly break: readonly JointBreakEvent[];
}

/** The contact events of the last step: entries `[0, count)` of each array are valid. */
export interface ContactEvents {
  /** How many entries of `begin` are valid. */
  readonly beginCount: number;
  /** Pairs that began touching in the last step. */
  readonly begin: readonly ContactBeginEvent[];
  /** How many entries of `end` are valid. */
  readonly endCount: number;
  /** Pairs that stopped touching in the last step. */
  readonly end: readonly ContactEndEvent[];
  /** How many entries of `hit` are valid. */
  readonly hitCount: number;
  /** Contacts hit faster than `hitEventThreshold` in the last step. */
  readonly hit: readonly ContactHitEvent[];
}

/** The sensor events of the last step: entries `[0, count)` of each array are valid. */
export interface SensorEvents {
  /** How many entries of `begin` are valid. */
  readonly beginCount: number;
  /** Bodies that began overlapping a sensor in the last step. */
  readonly begin: readonly SensorEvent[];
  /** How many entries of `end` are valid. */
  readonly endCount: number;
  /** Bodies that stopped overlapping a sensor in the last step. */
  readonly end: readonly SensorEvent[];
}

// ---------------------------------------------------------------- callback payloads (the adapter)

/** One pair in a `collisionStart` / `collisionActive` / `collisionEnd` event. */
export interface CollisionPair {
  /** The body with the lower id. */
  bodyA: Body;
  /** The body with the higher id. */
  bodyB: Body;
  /** bodyA's shape in the pair. */
  shapeA: Shape<Body>;
  /** bodyB's shape in the pair. */
  shapeB: Shape<Body>;
  /** The manifold at the time of the event; null on collisionEnd. */
  manifold: Manifold | null;
  /** True when either body is a sensor (no impulse was applied). */
  isSensor: boolean;
}

/** The payload of `collisionStart`, `collisionActive` and `collisionEnd`. */
export interface CollisionEvent {
  /** The pairs, in id order. */
  pairs: CollisionPair[];
}

/** The payload of `beforeStep` and `afterStep`. */
export interface StepEvent {
  /** The step's dt, s. */
  dt: number;
}

/** The events `world.on(name, listener)` delivers, and their listeners. */
export interface WorldEvents {
  /** Pairs that began touching in this step (contacts and sensors). */
  collisionStart: (event: CollisionEvent) => void;
  /** Pairs that were touching before this step and still are (awake ones). */
  collisionActive: (event: CollisionEvent) => void;
  /** Pairs that stopped touching in this step (or lost a body to `remove`). */
  collisionEnd: (event: CollisionEvent) => void;
  /** Solid contacts hit faster than `hitEventThreshold` in this step. */
  contactHit: (event: { hits: ContactHitEvent[] }) => void;
  /** Bodies that began overlapping a sensor in this step. */
  sensorStart: (event: { events: SensorEvent[] }) => void;
  /** Bodies that stopped overlapping a sensor in this step. */
  sensorEnd: (event: { events: SensorEvent[] }) => void;
  /** A joint broke in this step (once per joint; it is already removed). */
  jointBreak: (event: JointBreakEvent) => void;
  /** At the start of `step()`, before anything moves. */
  beforeStep: (event: StepEvent) => void;
  /** After the step has finished (handlers may add or remove bodies). */
  afterStep: (event: StepEvent) => void;
}

/** The names `world.on` accepts. */
export const EVENT_NAMES: readonly (keyof WorldEvents)[] = [
  "collisionStart", "collisionActive", "collisionEnd", "contactHit", "sensorStart", "sensorEnd", "jointBreak", "beforeStep", "afterStep",
];

// ---------------------------------------------------------------- inspection

/** A touching pair as `world.contacts` and `world.contactsOf` list it, with the step's impulses. */
export interface ContactInfo {
  /** The body with the lower id. */
  bodyA: Body;
  /** The body with the higher id. */
  bodyB: Body;
  /** bodyA's shape in the pair (its one shape, or one of a compound's). */
  shapeA: Shape<Body>;
  /** bodyB's shape in the pair. */
  shapeB: Shape<Body>;
  /** True when either body is a sensor. */
  isSensor: boolean;
  /** The manifold, its points with the impulses applied there. */
  manifold: Omit<Manifold, "points"> & {
    /** 1 or 2 points. */
    points: ContactPointInfo[];
  };
}

/**
 * A manifold point with the impulses (N·s) applied there over the whole last
 * step (all sub-steps, bounces included): divide by dt for the force.
 */
export interface ContactPointInfo extends ManifoldPoint {
  /** Impulse along the normal over the last step, N·s. */
  normalImpulse: number;
  /** Friction impulse over the last step, N·s. */
  tangentImpulse: number;
}

export function toContactInfo(c: Contact, isSensor: boolean): ContactInfo {
  const points: ContactPointInfo[] = [];
  for (let j = 0; j < c.count; j++) {
    points.push({
      x: j === 0 ? c.x0 : c.x1,
      y: j === 0 ? c.y0 : c.y1,
      depth: j === 0 ? c.depth0 : c.depth1,
      id: j === 0 ? c.id0 : c.id1,
      normalImpulse: j === 0 ? c.totalNormalImpulse0 : c.totalNormalImpulse1,
      tangentImpulse: j === 0 ? c.totalTangentImpulse0 : c.totalTangentImpulse1,
    });
  }
  return {
    bodyA: c.bodyA,
    bodyB: c.bodyB,
    shapeA: shapeOf(c.shapeA),
    shapeB: shapeOf(c.shapeB),
    isSensor,
    manifold: { normal: { x: c.normalX, y: c.normalY }, depth: c.depth, points },
  };
}

// ---------------------------------------------------------------- the buffers

/** A begin event's numbers in its set's `beginF` (offsets from index × BEGIN_F): the manifold as the contact's row holds it. */
const B_NX = 0;
const B_NY = 1;
const B_DEPTH = 2;
const B_X0 = 3;
const B_Y0 = 4;
const B_DEPTH0 = 5;
const B_X1 = 6;
const B_Y1 = 7;
const B_DEPTH1 = 8;
const BEGIN_F = 9;
/** And its integers in `beginI` (offsets from index × BEGIN_I): point count, feature ids. */
const B_COUNT = 0;
const B_ID0 = 1;
const B_ID1 = 2;
const BEGIN_I = 3;

/**
 * The manifold a begin event shows, made for an event object the first time
 * its `manifold` is read and reused from then on (objects for 0, 1 and 2
 * points made once: emptying an array and pushing again allocates).
 */
class BeginManifold implements Manifold {
  readonly normal: Vec2 = { x: 0.5, y: 0.5 };
  depth = 0.5;
  points: ManifoldPoint[];
  readonly p0: ManifoldPoint = { x: 0.5, y: 0.5, depth: 0.5, id: 0 };
  readonly p1: ManifoldPoint = { x: 0.5, y: 0.5, depth: 0.5, id: 0 };
  readonly lists: readonly ManifoldPoint[][] = [[], [this.p0], [this.p0, this.p1]];

  constructor() {
    this.points = this.lists[0]!;
  }
}

/**
 * A begin event. Its numbers live in its event set's flat arrays (written by
 * `EventBuffers.contactBegin`), not in objects of its own: a step in which
 * every pair of a pile begins (N (N − 1) / 2 events) kept a manifold, a
 * normal, two points and three lists per event, 780 B each and ten heap
 * objects for the collector to trace; now an event is this object (five
 * fields) and 84 B of numbers, and the manifold objects are made only for
 * the events whose `manifold` is read.
 */
class Begin implements ContactBeginEvent {
  bodyA: Body;
  bodyB: Body;
  /** @internal The colliders (the bodies, or a compound's parts). */
  _sa: Body;
  /** @internal */
  _sb: Body;
  private readonly set: EventSet;
  private readonly index: number;
  private shown: BeginManifold | null = null;

  constructor(set: EventSet, index: number, a: Body) {
    this.bodyA = a;
    this.bodyB = a;
    this._sa = a;
    this._sb = a;
    this.set = set;
    this.index = index;
  }

  get shapeA(): Shape<Body> {
    return shapeOf(this._sa);
  }

  get shapeB(): Shape<Body> {
    return shapeOf(this._sb);
  }

  /** The manifold at the end of the step, read from the event's numbers into objects reused from event to event. */
  get manifold(): Manifold {
    const m = this.shown ?? (this.shown = new BeginManifold());
    const f = this.set.beginF;
    const ints = this.set.beginI;
    const o = this.index * BEGIN_F;
    const q = this.index * BEGIN_I;
    m.normal.x = f[o + B_NX]!;
    m.normal.y = f[o + B_NY]!;
    m.depth = f[o + B_DEPTH]!;
    const count = ints[q + B_COUNT]!;
    if (count > 0) {
      m.p0.x = f[o + B_X0]!;
      m.p0.y = f[o + B_Y0]!;
      m.p0.depth = f[o + B_DEPTH0]!;
      m.p0.id = ints[q + B_ID0]!;
    }
    if (count > 1) {
      m.p1.x = f[o + B_X1]!;
      m.p1.y = f[o + B_Y1]!;
      m.p1.depth = f[o + B_DEPTH1]!;
      m.p1.id = ints[q + B_ID1]!;
    }
    const k = count > 1 ? 2 : count;
    const pts = m.lists[k]!;
    if (pts.length !== k) {
      // a listener changed the list it was given: make it whole again
      pts.length = 0;
      if (k > 0) pts.push(m.p0);
      if (k > 1) pts.push(m.p1);
    }
    m.points = pts;
    return m;
  }
}

class End implements ContactEndEvent {
  constructor(
    public bodyA: Body,
    public bodyB: Body,
    public destroyed: boolean,
    /** @internal */ public _sa: Body,
    /** @internal */ public _sb: Body,
  ) {}

  get shapeA(): Shape<Body> {
    return shapeOf(this._sa);
  }

  get shapeB(): Shape<Body> {
    return shapeOf(this._sb);
  }
}

class Hit implements ContactHitEvent {
  readonly point: Vec2 = { x: 0, y: 0 };
  readonly normal: Vec2 = { x: 0, y: 0 };
  approachSpeed = 0;
  constructor(
    public bodyA: Body,
    public bodyB: Body,
    /** @internal */ public _sa: Body,
    /** @internal */ public _sb: Body,
  ) {}

  get shapeA(): Shape<Body> {
    return shapeOf(this._sa);
  }

  get shapeB(): Shape<Body> {
    return shapeOf(this._sb);
  }
}

class Break implements JointBreakEvent {
  constructor(
    public joint: Joint,
    public force: number,
    public torque: number,
  ) {}
}

class Sensor implements SensorEvent {
  constructor(
    public sensor: Body,
    public visitor: Body,
    /** @internal */ public _ss: Body,
    /** @internal */ public _vs: Body,
  ) {}

  get sensorShape(): Shape<Body> {
    return shapeOf(this._ss);
  }

  get visitorShape(): Shape<Body> {
    return shapeOf(this._vs);
  }
}

/** One step's events: pooled objects, reused from step to step. */
class EventSet implements ContactEvents, JointEvents {
  beginCount = 0;
  readonly begin: Begin[] = [];
  /** The begin events' numbers (see `Begin`): BEGIN_F doubles and BEGIN_I integers per event. */
  beginF: Float64Array = new Float64Array(16 * BEGIN_F);
  beginI: Int32Array = new Int32Array(16 * BEGIN_I);
  endCount = 0;
  readonly end: End[] = [];
  hitCount = 0;
  readonly hit: Hit[] = [];
  sensorBeginCount = 0;
  readonly sensorBegin: Sensor[] = [];
  sensorEndCount = 0;
  readonly sensorEnd: Sensor[] = [];
  breakCount = 0;
  readonly break: Break[] = [];

  /** The sensor events seen through the `SensorEvents` shape. */
  readonly sensors: SensorEvents = new SensorView(this);

  clear(): void {
    this.beginCount = 0;
    this.endCount = 0;
    this.hitCount = 0;
    this.sensorBeginCount = 0;
    this.sensorEndCount = 0;
    for (let i = 0; i < this.breakCount; i++) this.break[i]!.joint = null as unknown as Joint; // let broken joints go
    this.breakCount = 0;
  }
}

/** `SensorEvents` over an event set's sensor arrays. */
class SensorView implements SensorEvents {
  constructor(private readonly set: EventSet) {}
  get beginCount(): number {
    return this.set.sensorBeginCount;
  }
  get begin(): readonly SensorEvent[] {
    return this.set.sensorBegin;
  }
  get endCount(): number {
    return this.set.sensorEndCount;
  }
  get end(): readonly SensorEvent[] {
    return this.set.sensorEnd;
  }
}

/**
 * The event buffers a world fills: `current` collects what happens from the
 * end of the last step to the end of this one (a body removed between steps
 * reports with the next step); `publish` makes it the readable set.
 */
export class EventBuffers implements ContactEventSink {
  private current = new EventSet();
  private published = new EventSet();

  get contacts(): ContactEvents {
    return this.published;
  }

  get sensors(): SensorEvents {
    return this.published.sensors;
  }

  get joints(): JointEvents {
    return this.published;
  }

  jointBreak(joint: Joint, force: number, torque: number): void {
    const s = this.current;
    const list = s.break;
    if (s.breakCount === list.length) list.push(new Break(joint, force, torque));
    const e = list[s.breakCount++]!;
    e.joint = joint;
    e.force = force;
    e.torque = torque;
  }

  /** Drop every event, collected and readable (a world restored in place has none, as a new one). */
  clear(): void {
    this.current.clear();
    this.published.clear();
  }

  /** End of a step: what was collected becomes readable; the old readable set is cleared for reuse. */
  publish(): void {
    const p = this.published;
    this.published = this.current;
    this.current = p;
    p.clear();
  }

  /** A begin event with the contact's bodies and manifold, read from its row (the row's accessors would box each number). */
  contactBegin(c: Contact): void {
    const s = this.current;
    const list = s.begin;
    const i = s.beginCount++;
    if (i === list.length) {
      list.push(new Begin(s, i, c.bodyA));
      if ((i + 1) * BEGIN_I > s.beginI.length) {
        s.beginF = grown(s.beginF, capacityFor(s.beginF.length / BEGIN_F, i + 1) * BEGIN_F);
        s.beginI = grown(s.beginI, capacityFor(s.beginI.length / BEGIN_I, i + 1) * BEGIN_I);
      }
    }
    const e = list[i]!;
    e.bodyA = c.bodyA;
    e.bodyB = c.bodyB;
    e._sa = c.shapeA;
    e._sb = c.shapeB;
    const from = c.rows.f;
    const r = c.row * ROW;
    const f = s.beginF;
    const o = i * BEGIN_F;
    f[o + B_NX] = from[r + NX]!;
    f[o + B_NY] = from[r + NY]!;
    f[o + B_DEPTH] = from[r + DEPTH]!;
    f[o + B_X0] = from[r + X0]!;
    f[o + B_Y0] = from[r + Y0]!;
    f[o + B_DEPTH0] = from[r + DEPTH0]!;
    f[o + B_X1] = from[r + X1]!;
    f[o + B_Y1] = from[r + Y1]!;
    f[o + B_DEPTH1] = from[r + DEPTH1]!;
    const ints = s.beginI;
    const q = i * BEGIN_I;
    ints[q + B_COUNT] = c.count;
    ints[q + B_ID0] = c.id0;
    ints[q + B_ID1] = c.id1;
  }

  contactEnd(a: Body, b: Body, destroyed: boolean, sa: Body = a, sb: Body = b): void {
    const s = this.current;
    const list = s.end;
    if (s.endCount === list.length) list.push(new End(a, b, destroyed, sa, sb));
    const e = list[s.endCount++]!;
    e.bodyA = a;
    e.bodyB = b;
    e.destroyed = destroyed;
    e._sa = sa;
    e._sb = sb;
  }

  /** A hit: the fields of the returned event (point, normal, speed) are for the caller to fill. */
  contactHit(a: Body, b: Body, sa: Body = a, sb: Body = b): ContactHitEvent {
    const s = this.current;
    const list = s.hit;
    if (s.hitCount === list.length) list.push(new Hit(a, b, sa, sb));
    const e = list[s.hitCount++]!;
    e.bodyA = a;
    e.bodyB = b;
    e._sa = sa;
    e._sb = sb;
    return e;
  }

  sensorBegin(sensor: Body, visitor: Body, sensorShape: Body = sensor, visitorShape: Body = visitor): void {
    const s = this.current;
    const list = s.sensorBegin;
    if (s.sensorBeginCount === list.length) list.push(new Sensor(sensor, visitor, sensorShape, visitorShape));
    const e = list[s.sensorBeginCount++]!;
    e.sensor = sensor;
    e.visitor = visitor;
    e._ss = sensorShape;
    e._vs = visitorShape;
  }

  sensorEnd(sensor: Body, visitor: Body, sensorShape: Body = sensor, visitorShape: Body = visitor): void {
    const s = this.current;
    const list = s.sensorEnd;
    if (s.sensorEndCount === list.length) list.push(new Sensor(sensor, visitor, sensorShape, visitorShape));
    const e = list[s.sensorEndCount++]!;
    e.sensor = sensor;
    e.visitor = visitor;
    e._ss = sensorShape;
    e._vs = visitorShape;
  }
}

/** The contacts' hit events of the solve (`hitEventThreshold`): into `events`, from the contact solver's hits. */
export function reportHits(events: EventBuffers, cc: ContactConstraints): void {
  for (let h = 0; h < cc.hitCount; h++) {
    const c = cc.contacts[cc.hits[h]!]!;
    const e = events.contactHit(c.bodyA, c.bodyB, c.shapeA, c.shapeB);
    const f = c.rows.f; // the row itself: an accessor's number can be boxed
    const o = c.row * ROW;
    const p = o + (cc.hitPoints[h] === 0 ? X0 : X1);
    e.point.x = f[p]!;
    e.point.y = f[p + 1]!; // Y0 = X0 + 1, Y1 = X1 + 1
    e.normal.x = f[o + NX]!;
    e.normal.y = f[o + NY]!;
    e.approachSpeed = cc.hitSpeeds[h]!;
  }
}
