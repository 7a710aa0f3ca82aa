/**
 * The event adapter: the `world.on` callbacks (eventemitter3) fed from the
 * pull-based event buffers of src/world/events.ts after each step, with
 * payloads built only for the events someone listens to (stage 7).
 */
import type { EventEmitter } from "eventemitter3";
import type { Vec2 } from "../math/vec2.js";
import { shapeOf, type Body } from "../bodies/body.js";
import * as check from "../math/validate.js";
import { BEGAN, REPORTED, SENSOR } from "../contacts/contact.js";
import type { ContactManager } from "../contacts/contact-manager.js";
import { EVENT_NAMES, type CollisionPair, type EventBuffers, type WorldEvents } from "./events.js";

/** 7. The callback adapter: payloads built from the event buffers, only for events someone listens to. */
export function emitEvents(em: EventEmitter<WorldEvents>, events: EventBuffers, cm: ContactManager): void {
  const ce = events.contacts;
  const se = events.sensors;
  if (em.listenerCount("collisionStart") > 0 && ce.beginCount + se.beginCount > 0) {
    const pairs: CollisionPair[] = [];
    for (let i = 0; i < ce.beginCount; i++) {
      const e = ce.begin[i]!;
      pairs.push({ bodyA: e.bodyA, bodyB: e.bodyB, shapeA: e.shapeA, shapeB: e.shapeB, manifold: copyManifold(e.manifold), isSensor: false });
    }
    for (let i = 0; i < se.beginCount; i++) {
      const e = se.begin[i]!;
      const first = e.sensor._id < e.visitor._id;
      const [a, b] = first ? [e.sensor, e.visitor] : [e.visitor, e.sensor];
      const [sa, sb] = first ? [e.sensorShape, e.visitorShape] : [e.visitorShape, e.sensorShape];
      const colliders = e as unknown as { _ss: Body; _vs: Body }; // the events' Sensor keeps them
      const c = cm.get(colliders._ss, colliders._vs);
      pairs.push({ bodyA: a, bodyB: b, shapeA: sa, shapeB: sb, manifold: c === undefined ? null : c.toManifold(), isSensor: true });
    }
    em.emit("collisionStart", { pairs });
  }
  if (em.listenerCount("collisionActive") > 0) {
    const pairs: CollisionPair[] = [];
    for (let i = 0; i < cm.awakeCount; i++) {
      const c = cm.awake[i]!;
      if ((c.flags & (REPORTED | BEGAN)) !== REPORTED) continue;
      pairs.push({ bodyA: c.bodyA, bodyB: c.bodyB, shapeA: shapeOf(c.shapeA), shapeB: shapeOf(c.shapeB), manifold: c.toManifold(), isSensor: (c.flags & SENSOR) !== 0 });
    }
    if (pairs.length > 0) em.emit("collisionActive", { pairs });
  }
  if (em.listenerCount("collisionEnd") > 0 && ce.endCount + se.endCount > 0) {
    const pairs: CollisionPair[] = [];
    for (let i = 0; i < ce.endCount; i++) {
      const e = ce.end[i]!;
      pairs.push({ bodyA: e.bodyA, bodyB: e.bodyB, shapeA: e.shapeA, shapeB: e.shapeB, manifold: null, isSensor: false });
    }
    for (let i = 0; i < se.endCount; i++) {
      const e = se.end[i]!;
      const first = e.sensor._id < e.visitor._id;
      const [a, b] = first ? [e.sensor, e.visitor] : [e.visitor, e.sensor];
      const [sa, sb] = first ? [e.sensorShape, e.visitorShape] : [e.visitorShape, e.sensorShape];
      pairs.push({ bodyA: a, bodyB: b, shapeA: sa, shapeB: sb, manifold: null, isSensor: true });
    }
    em.emit("collisionEnd", { pairs });
  }
  if (em.listenerCount("contactHit") > 0 && ce.hitCount > 0) {
    em.emit("contactHit", {
      hits: ce.hit.slice(0, ce.hitCount).map((h) => ({
        bodyA: h.bodyA, bodyB: h.bodyB, shapeA: h.shapeA, shapeB: h.shapeB, point: { ...h.point }, normal: { ...h.normal }, approachSpeed: h.approachSpeed,
      })),
    });
  }
  if (em.listenerCount("sensorStart") > 0 && se.beginCount > 0) {
    em.emit("sensorStart", {
      events: se.begin.slice(0, se.beginCount).map((e) => ({ sensor: e.sensor, visitor: e.visitor, sensorShape: e.sensorShape, visitorShape: e.visitorShape })),
    });
  }
  if (em.listenerCount("sensorEnd") > 0 && se.endCount > 0) {
    em.emit("sensorEnd", {
      events: se.end.slice(0, se.endCount).map((e) => ({ sensor: e.sensor, visitor: e.visitor, sensorShape: e.sensorShape, visitorShape: e.visitorShape })),
    });
  }
  const je = events.joints;
  if (em.listenerCount("jointBreak") > 0) {
    for (let i = 0; i < je.breakCount; i++) {
      const e = je.break[i]!;
      em.emit("jointBreak", { joint: e.joint, force: e.force, torque: e.torque });
    }
  }
}

export function checkEventName<E extends keyof WorldEvents>(name: E): E {
  return check.oneOf("event name", name, EVENT_NAMES) as E;
}

/** A listener must be a function (checked here, so the error is capsule2d's, not the emitter's). */
export function checkListener(fn: unknown): never {
  if (typeof fn !== "function") throw new TypeError(`capsule2d: listener must be a function, got ${check.describe(fn)}`);
  return fn as never;
}

function copyManifold(m: { normal: Vec2; depth: number; points: readonly { x: number; y: number; depth: number; id: number }[] }) {
  return { normal: { x: m.normal.x, y: m.normal.y }, depth: m.depth, points: m.points.map((p) => ({ ...p })) };
}
