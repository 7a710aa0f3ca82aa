/**
 * Where the contact manager reports contacts and sensor visits beginning and
 * ending: the world's event buffers (`EventBuffers` in src/world/events.ts)
 * implement it, so the contacts need not import the world.
 */
import type { Body } from "../bodies/body.js";
import type { Contact } from "./contact.js";

/** The begin and end events the contact manager writes. */
export interface ContactEventSink {
  contactBegin(c: Contact): void;
  /** `sa`, `sb`: the colliders (the bodies, or a compound's parts). */
  contactEnd(a: Body, b: Body, destroyed: boolean, sa: Body, sb: Body): void;
  sensorBegin(sensor: Body, visitor: Body, sensorShape: Body, visitorShape: Body): void;
  sensorEnd(sensor: Body, visitor: Body, sensorShape: Body, visitorShape: Body): void;
}
