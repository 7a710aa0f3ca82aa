/**
 * Record, replay, rollback (src/replay/): a recorded session replays bit for
 * bit, recording changes nothing, every changing method of World, Body and
 * Joint is recorded and replayed (found by enumerating their prototypes),
 * `verify` names the exact step, body and field where a perturbed run
 * parts, rollback + re-simulation equals the uninterrupted run, and a
 * corrupt, truncated or incompatible recording is refused before anything
 * is built.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { AABB, Body, Capsule, Circle, Joint, World, type ForceField } from "../src/entries/capsule2d.js";
import { Recorder, Recording, RECORDING_VERSION, bodyById, replay, verify, worldAt } from "../src/entries/replay.js";
import { addJointedBodies, mixedScene } from "./support/scenes.js";

const DT = 1 / 60;

/** The scene every test starts from: mixed bodies, every joint type, sleeping, a bullet. */
function scene(): World {
  const world = mixedScene(40, 7);
  const cols = Math.ceil(Math.sqrt(40 * 1.5));
  addJointedBodies(world, cols * 0.35 + 1, 4 + (40 / cols) * 0.8 + 3.5);
  return world;
}

/** The game's per-step logic: the input for step `i` turned into calls on the world. */
type Input = { push: number; jump: boolean };

function inputFor(i: number): Input {
  return { push: ((i * 7919) % 13) - 6, jump: i % 37 === 0 };
}

function applyInput(world: World, input: Input, i: number): void {
  const bodies = world.bodies;
  const dyn = bodies.filter((b) => b.isDynamic);
  const b = dyn[i % dyn.length]!;
  b.applyImpulse({ x: input.push * 0.01, y: input.jump ? 0.5 : 0 });
  if (input.jump) b.applyForce({ x: 0, y: 3 }, { x: b.position.x + 0.05, y: b.position.y });
}

/** Calls of every kind between steps, at fixed steps. */
function session(world: World, steps: number, onStep?: (w: World, i: number) => void, recorder?: Recorder): string[] {
  const hashes: string[] = [];
  let w = world;
  for (let i = 1; i <= steps; i++) {
    const input = inputFor(i);
    recorder?.input(input);
    applyInput(w, input, i);
    if (i === 20) w.add(new Circle({ radius: 0.2, position: { x: 0.5, y: 9 }, label: "late" }));
    if (i === 30) w.bodies[w.bodies.length - 1]!.setVelocity({ x: -1, y: 2 }).setAngularVelocity(3);
    if (i === 40) w.remove(w.bodies[12]!);
    if (i === 50) w.joints[0]!.setMotorSpeed(2);
    if (i === 55) w.setOptions({ gravity: { x: 0.5, y: -9 } });
    if (i === 60) w.removeJoint(w.joints[w.joints.length - 1]!);
    if (i === 70) {
      const bs = w.bodies.filter((b) => b.isDynamic);
      w.addJoint({ type: "distance", bodyA: bs[3]!, bodyB: bs[4]!, enableSpring: true, hertz: 2, dampingRatio: 0.2 });
    }
    if (i === 80) w.bodies[20]!.setFriction(0.1).setRestitution(0.4).setType("kinematic");
    onStep?.(w, i);
    if (i % 50 === 25) {
      w.advance(DT * 1.5); // the accumulator too
    } else w.step(DT);
    hashes.push(w.stateHash());
  }
  return hashes;
}

function bytes(b: ArrayBuffer): Uint8Array {
  return new Uint8Array(b);
}

describe("recorder and replay", () => {
  it("recording changes nothing: the same hashes after every step with and without a recorder", () => {
    const plain = session(scene(), 150);
    const world = scene();
    const recorder = new Recorder(world, { snapshotInterval: 10, snapshotCapacity: 4 });
    const recorded = session(world, 150, undefined, recorder);
    expect(recorded).toEqual(plain);
    // the recording's own hashes are the world's
    const rec = recorder.recording;
    expect(rec.firstStep).toBe(0);
    expect(rec.lastStep).toBe(world.stepCount);
    const steppedHashes: string[] = [];
    for (let s = rec.firstStep + 1; s <= rec.lastStep; s++) steppedHashes.push(rec.hashAt(s));
    expect(steppedHashes[steppedHashes.length - 1]).toBe(world.stateHash());
    expect(rec.ring.length).toBe(4);
  });

  it("a recorded session replays bit-identically (the whole snapshot, not only the hash), from memory and from its saved form", () => {
    const world = scene();
    const recorder = new Recorder(world);
    session(world, 200, undefined, recorder);
    const saved = recorder.save();
    for (const rec of [recorder.recording, Recording.fromBuffer(saved)]) {
      const result = replay(rec);
      expect(result.world.stateHash()).toBe(world.stateHash());
      expect(bytes(result.world.snapshot({ format: "binary" }))).toEqual(bytes(world.snapshot({ format: "binary" })));
      const v = verify(rec, result);
      expect(v).toEqual({ ok: true, steps: rec.stepCount, divergence: null });
      expect(verify(rec, result.world).ok).toBe(true);
    }
    // the saved form is compact: the op stream is small next to one snapshot
    const rec = recorder.recording;
    expect(rec.ops.length).toBeLessThan(rec.initial.byteLength);
  });

  it("records the game's inputs per step and gives them back", () => {
    const world = scene();
    const recorder = new Recorder(world);
    session(world, 40, undefined, recorder);
    const rec = Recording.fromBuffer(recorder.save());
    expect(rec.inputsAt(1)).toEqual([inputFor(1)]);
    expect(rec.inputsAt(37)).toEqual([inputFor(37)]);
    const seen: [unknown, number][] = [];
    replay(rec, { onInput: (value, step) => seen.push([value, step]) });
    expect(seen.length).toBe(40);
    expect(seen[36]).toEqual([inputFor(37), 37]);
    expect(() => recorder.input(() => 1)).not.toThrow(); // a function is recorded as a marker, not refused
    expect(() => recorder.input(Symbol("x"))).toThrow(TypeError);
  });

  it("callsAt(step) gives exactly the calls() of that step, in order, the step call last; bad steps are refused", () => {
    const world = scene();
    const recorder = new Recorder(world);
    session(world, 40, undefined, recorder);
    for (const rec of [recorder.recording, Recording.fromBuffer(recorder.save())]) {
      const all = rec.calls();
      for (let step = rec.firstStep + 1; step <= rec.lastStep; step++) {
        const at = rec.callsAt(step);
        expect(at).toEqual(all.filter((c) => c.step === step));
        expect(at.at(-1)!.method).toMatch(/^(step|advance)$/);
      }
      expect(rec.callsAt(37).some((c) => c.target === "input")).toBe(true);
      expect(() => rec.callsAt(rec.firstStep)).toThrow(RangeError);
      expect(() => rec.callsAt(rec.lastStep + 1)).toThrow(RangeError);
      expect(() => rec.callsAt(2.5)).toThrow(RangeError);
    }
  });

  it("worldAt rebuilds any recorded step from the ring of snapshots", () => {
    const world = scene();
    const recorder = new Recorder(world, { snapshotInterval: 16, snapshotCapacity: 3 });
    session(world, 119, undefined, recorder); // advance() took two steps once: 120 steps
    const rec = recorder.recording;
    expect(rec.lastStep).toBe(120);
    expect(rec.ring.map((e) => e.step)).toEqual([80, 96, 112]);
    // the recording's hashes are the run's (first test); each step rebuilt gives its hash
    for (const step of [1, 50, 81, 96, 119, 120]) expect(worldAt(rec, step).stateHash()).toBe(rec.hashAt(step));
    expect(worldAt(rec, 120).stateHash()).toBe(world.stateHash());
    expect(() => worldAt(rec, 121)).toThrow(RangeError);
    expect(() => worldAt(rec, 1.5)).toThrow(/step must be an integer/);
  });

  it("a force field is asked for again when replaying a saved recording", () => {
    const field: ForceField = (b, out) => {
      out.x += 0.2 * b.mass;
    };
    const world = scene();
    const recorder = new Recorder(world, { snapshotInterval: 7 });
    session(world, 30, (w, i) => {
      if (i === 10) w.setForceField(field);
      if (i === 25) w.setForceField(null);
    }, recorder);
    expect(verify(recorder.recording, replay(recorder.recording)).ok).toBe(true); // in memory: the recording holds the function
    const loaded = Recording.fromBuffer(recorder.save());
    expect(loaded.usesForceField).toBe(true);
    expect(() => replay(loaded)).toThrow(/force field.*options\.forceField/);
    expect(verify(loaded, replay(loaded, { forceField: field }), { forceField: field }).ok).toBe(true);
    expect(worldAt(loaded, 20, { forceField: field }).stateHash()).toBe(loaded.hashAt(20));
  });
});

describe("every changing method is recorded and replayed", () => {
  // The public methods and setters that read, or change nothing a simulation depends on. Every
  // other public one (found in the source with the TypeScript parser: not private, protected or
  // @internal) must have an entry in CALLS below: a new method fails this test until it has one.
  const READ_ONLY: Record<string, readonly string[]> = {
    World: ["on", "once", "off", "listenerCount", "contactsOf", "groundContactOf", "stateHash", "snapshot", "clone", "raycast",
      "raycastAll", "queryAABB", "queryPoint", "queryShape", "castShape", "castShapeAll", "profiling",
      // the solver threads: they hold no state a recording keeps (the same bits with them or without)
      "threadsReady", "dispose"],
    Body: ["clone", "getPosition", "getVelocity", "getInterpolatedPose", "getGroundContact"],
    Joint: ["getAnchorA", "getAnchorB", "getReactionForce"],
  };
  // Code, like event listeners and the force field: not in a recording; replay, worldAt and verify
  // take it again (options.preSolve).
  const CODE: Record<string, readonly string[]> = { World: ["setPreSolve"], Body: [], Joint: [] };
  // Refused while a recorder is attached (the recorder's own `rollback` calls it).
  const REFUSED: Record<string, readonly string[]> = { World: ["restore"], Body: [], Joint: [] };

  type Make = { world: World; body: Body; joints: Record<string, Joint> };
  /** For each changing method: a call with valid arguments (on a fresh world). */
  const CALLS: Record<string, Record<string, (m: Make) => void>> = {
    World: {
      add: (m) => m.world.add(new Capsule({ halfLength: 0.3, radius: 0.1, position: { x: 1, y: 6 }, angle: 0.3, bullet: true })),
      remove: (m) => m.world.remove(m.body),
      addJoint: (m) => m.world.addJoint({ type: "weld", bodyA: m.body, bodyB: m.world.bodies[10]!, anchor: { x: 0, y: 3 } }),
      removeJoint: (m) => m.world.removeJoint(m.joints.revolute!),
      setOptions: (m) => m.world.setOptions({ subSteps: 2, contactHertz: 20 }),
      gravity: (m) => (m.world.gravity = { x: 1, y: -5 }),
      setForceField: (m) => m.world.setForceField(null),
      step: (m) => m.world.step(1 / 30),
      advance: (m) => m.world.advance(0.05),
      // recorded as the impulses it applies (applyImpulse on each body it reaches)
      explode: (m) => m.world.explode({ position: { x: 0, y: 1 }, radius: 2, falloff: 1, impulsePerLength: 3 }),
    },
    Body: {
      setPosition: (m) => m.body.setPosition({ x: 0.3, y: 7 }),
      setAngle: (m) => m.body.setAngle(1.1),
      setVelocity: (m) => m.body.setVelocity({ x: 2, y: 1 }),
      setAngularVelocity: (m) => m.body.setAngularVelocity(-2),
      applyForce: (m) => m.body.applyForce({ x: 30, y: 1 }, { x: 0, y: 0 }),
      applyTorque: (m) => m.body.applyTorque(2),
      applyImpulse: (m) => m.body.applyImpulse({ x: 1, y: 0.2 }, { x: 0.1, y: 0 }),
      applyAngularImpulse: (m) => m.body.applyAngularImpulse(0.3),
      setType: (m) => m.body.setType("kinematic"),
      setMass: (m) => m.body.setMass(3),
      setDensity: (m) => m.body.setDensity(2.5),
      setFriction: (m) => m.body.setFriction(0.05),
      setRestitution: (m) => m.body.setRestitution(0.9),
      setSensor: (m) => m.body.setSensor(true),
      setCollisionFilter: (m) => m.body.setCollisionFilter({ category: 2, mask: 1 }),
      setEnableSleep: (m) => m.body.setEnableSleep(false),
      setFixedRotation: (m) => m.body.setFixedRotation(true),
      setBullet: (m) => m.body.setBullet(true),
      setLinearDamping: (m) => m.body.setLinearDamping(0.5),
      setAngularDamping: (m) => m.body.setAngularDamping(0.5),
      setGravityScale: (m) => m.body.setGravityScale(-0.5),
      setOneWay: (m) => m.world.bodies[0]!.setOneWay({ x: 0, y: 2 }),
      setTangentSpeed: (m) => m.world.bodies[0]!.setTangentSpeed(1.5),
      setRollingResistance: (m) => m.body.setRollingResistance(0.2),
      wake: (m) => m.body.wake(),
    },
    Joint: {
      setBreakForce: (m) => m.joints.revolute!.setBreakForce(1e-3),
      setBreakTorque: (m) => m.joints.revolute!.setBreakTorque(1e-3),
      setEnableLimit: (m) => m.joints.revolute!.setEnableLimit(false),
      setLimits: (m) => m.joints.revolute!.setLimits(-0.1, 0.1),
      setEnableMotor: (m) => m.joints.revolute!.setEnableMotor(false),
      setMotorSpeed: (m) => m.joints.revolute!.setMotorSpeed(5),
      setMaxMotorTorque: (m) => m.joints.revolute!.setMaxMotorTorque(5),
      setMaxMotorForce: (m) => m.joints.prismatic!.setMaxMotorForce(50),
      setEnableSpring: (m) => m.joints.prismatic!.setEnableSpring(false),
      setSpring: (m) => m.joints.distance!.setSpring(1, 0.9),
      setWeldStiffness: (m) => m.joints.weld!.setWeldStiffness(2, 0, 1),
      setLength: (m) => m.joints.distance!.setLength(0.5),
      setLengthRange: (m) => m.joints.distance!.setLengthRange(0.1, Infinity),
      setTarget: (m) => m.joints.motor!.setTarget({ x: 1, y: 8 }, -1),
      setMaxForce: (m) => m.joints.motor!.setMaxForce(2),
      setMaxTorque: (m) => m.joints.motor!.setMaxTorque(0.1),
    },
  };

  /** Public methods and setters of a class (and, for Body, its shape classes), from the source. */
  function publicMembers(cls: string): string[] {
    const files: Record<string, string[]> = {
      World: ["src/world/core-world.ts", "src/world/joint-world.ts", "src/world/world.ts"], // the class and the ones it extends
      Body: ["src/bodies/body.ts", "src/bodies/body-state.ts", "src/bodies/circle.ts", "src/bodies/capsule.ts", "src/bodies/aabb.ts"],
      Joint: ["src/joints/joint.ts"],
    };
    const out = new Set<string>();
    for (const file of files[cls]!) {
      const text = readFileSync(join(root, file), "utf8");
      const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
      sf.forEachChild((node) => {
        if (!ts.isClassDeclaration(node)) return;
        for (const m of node.members) {
          if (!ts.isMethodDeclaration(m) && !ts.isSetAccessorDeclaration(m)) continue;
          const mods = ts.getCombinedModifierFlags(m as ts.Declaration);
          if (mods & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected | ts.ModifierFlags.Static)) continue;
          if (ts.getJSDocTags(m).some((t) => t.tagName.text === "internal")) continue;
          const name = m.name.getText(sf);
          // setters that only refuse (read-only properties) change nothing
          if (ts.isSetAccessorDeclaration(m) && /readOnly\(/.test(m.body?.getText(sf) ?? "")) continue;
          out.add(name);
        }
      });
    }
    return [...out];
  }

  function make(): Make {
    const world = scene();
    for (let i = 0; i < 3; i++) world.step(DT);
    const body = world.bodies.find((b) => b.isDynamic && b.kind === 1 && b.joints.length === 0)!;
    const joints: Record<string, Joint> = {};
    for (const j of world.joints) joints[j.type] ??= j;
    return { world, body, joints };
  }

  const root = join(dirname(fileURLToPath(import.meta.url)), "..");

  for (const [cls, proto] of [["World", World.prototype], ["Body", Body.prototype], ["Joint", Joint.prototype]] as const) {
    it(`${cls}: each public changing method has a call below`, () => {
      const members = publicMembers(cls);
      const changing = members.filter((n) => !READ_ONLY[cls]!.includes(n) && !CODE[cls]!.includes(n) && !REFUSED[cls]!.includes(n));
      expect(changing.sort()).toEqual(Object.keys(CALLS[cls]!).sort());
      // and each is a method (or setter) on the prototype the tests below call
      for (const name of changing) {
        let p: object | null = proto;
        while (p !== null && Object.getOwnPropertyDescriptor(p, name) === undefined) p = Object.getPrototypeOf(p);
        expect(p, `${cls}.prototype.${name}`).not.toBeNull();
      }
    });
    for (const name of Object.keys(CALLS[cls]!)) {
      it(`${cls}.${name} is recorded, and the replay gives the same snapshot bytes after the next steps`, () => {
        const m = make();
        const recorder = new Recorder(m.world);
        const before = recorder.recording.ops.length;
        CALLS[cls]![name]!(m);
        expect(recorder.recording.ops.length, "something was recorded").toBeGreaterThan(before);
        // the gravity setter is recorded as setOptions, an explosion as the impulses it applies
        const method = name === "gravity" ? "setOptions" : name === "explode" ? "applyImpulse" : name;
        expect(recorder.recording.calls().map((c) => c.method)).toContain(method);
        for (let i = 0; i < 5; i++) m.world.step(DT);
        const loaded = Recording.fromBuffer(recorder.save());
        const again = replay(loaded).world;
        expect(again.stateHash()).toBe(m.world.stateHash());
        // every body, joint and option field, and the header (time, step count, accumulator, ids)
        const { contacts: c1, ...mine } = again.snapshot();
        const { contacts: c2, ...theirs } = m.world.snapshot();
        expect(mine).toEqual(theirs);
        // contacts: the same touching ones (a world rebuilt from a snapshot mid-run may keep
        // extra candidate pairs that do not touch: its broadphase boxes are built afresh)
        const touching = (cs: typeof c1) => cs.filter((c) => c.touching);
        expect(touching(c1)).toEqual(touching(c2));
      });
    }
  }
});

describe("verify", () => {
  it("reports the exact step, body and field where a run with one impulse changed in its last bit parts", () => {
    const run = (perturb: boolean): Recording => {
      const world = new World();
      world.add(AABB.fromBounds({ x: -20, y: -1 }, { x: 20, y: 0 }, { type: "static" }));
      for (let i = 0; i < 10; i++) world.add(new Circle({ radius: 0.3, position: { x: -9 + 2 * i, y: 0.3 } }));
      const ball = world.add(new Circle({ radius: 0.25, position: { x: 15, y: 6 } }));
      const recorder = new Recorder(world, { snapshotInterval: 8 });
      for (let i = 1; i <= 90; i++) {
        if (i === 41) {
          const x = 0.75;
          // the next double below 0.75: one bit less
          const f = new Float64Array([x]);
          new BigInt64Array(f.buffer)[0]! -= 1n;
          ball.applyImpulse({ x: perturb ? f[0]! : x, y: 0 });
        }
        world.step(DT);
      }
      recorder.detach();
      return recorder.recording;
    };
    const a = run(false);
    const b = run(true);
    const v = verify(a, b);
    expect(v.ok).toBe(false);
    expect(v.steps).toBe(41);
    const d = v.divergence!;
    expect(d.step).toBe(41); // the impulse came before step 41: the states part after it
    expect(d.body).toBe(11);
    expect(d.fields).toContain("velocity.x");
    expect(d.field).toBe(d.fields[0]);
    expect(d.expected).not.toBe(d.actual);
    expect(d.message).toMatch(/step 41: body #11/);
    // against a world: at its current step
    const wb = replay(b).world;
    const vw = verify(a, wb);
    expect(vw.ok).toBe(false);
    expect(vw.divergence!.body).toBe(11);
    expect(verify(a, a).ok).toBe(true);
  });

  it("reports a run that is shorter, and a body only one run has", () => {
    const make = (extra: boolean, steps: number): Recording => {
      const world = new World();
      world.add(new Circle({ radius: 0.5 }));
      const recorder = new Recorder(world);
      for (let i = 1; i <= steps; i++) {
        if (extra && i === 5) world.add(new Circle({ radius: 0.5, position: { x: 5, y: 0 } }));
        world.step(DT);
      }
      return recorder.recording;
    };
    const short = verify(make(false, 10), make(false, 8));
    expect(short.ok).toBe(false);
    expect(short.divergence).toMatchObject({ step: 9, body: null, actualHash: null });
    const extra = verify(make(false, 10), make(true, 10));
    expect(extra.divergence).toMatchObject({ step: 5, body: 1, field: "present", expected: null, actual: 1 });
  });
});

describe("rollback", () => {
  /** A netcode-like loop: the world steps with the inputs known so far; the remote input of step `late` arrives at step `arrive`. */
  it("restoring step N from the ring and re-simulating with corrected inputs equals the uninterrupted run", () => {
    const truth = (i: number): Input => inputFor(i);
    const guess = (i: number): Input => (i >= 45 && i <= 52 ? { push: 0, jump: false } : inputFor(i)); // predicted wrongly
    const expected = session(scene(), 100);

    let world = scene();
    const recorder = new Recorder(world, { snapshotInterval: 4, snapshotCapacity: 8 });
    const hashes: string[] = [];
    const stepOnce = (i: number, input: Input): void => {
      recorder.input(input);
      applyInput(world, input, i);
      if (i === 20) world.add(new Circle({ radius: 0.2, position: { x: 0.5, y: 9 }, label: "late" }));
      if (i === 30) world.bodies[world.bodies.length - 1]!.setVelocity({ x: -1, y: 2 }).setAngularVelocity(3);
      if (i === 40) world.remove(world.bodies[12]!);
      if (i === 50) world.joints[0]!.setMotorSpeed(2);
      if (i === 55) world.setOptions({ gravity: { x: 0.5, y: -9 } });
      if (i === 60) world.removeJoint(world.joints[world.joints.length - 1]!);
      if (i === 70) {
        const bs = world.bodies.filter((b) => b.isDynamic);
        world.addJoint({ type: "distance", bodyA: bs[3]!, bodyB: bs[4]!, enableSpring: true, hertz: 2, dampingRatio: 0.2 });
      }
      if (i === 80) world.bodies[20]!.setFriction(0.1).setRestitution(0.4).setType("kinematic");
      if (i % 50 === 25) world.advance(DT * 1.5);
      else world.step(DT);
      hashes[i - 1] = world.stateHash();
    };
    for (let i = 1; i <= 56; i++) stepOnce(i, guess(i));
    expect(hashes[49]).not.toBe(expected[49]); // the guess was wrong
    // the true inputs of steps 45..52 arrive: back to the end of step 44, and again
    world = recorder.rollback(44);
    expect(world.stepCount).toBe(44);
    expect(world.stateHash()).toBe(expected[43]);
    for (let i = 45; i <= 100; i++) stepOnce(i, truth(i));
    expect(hashes).toEqual(expected);
    // the recording is the uninterrupted run's
    const uninterrupted = new Recorder(scene());
    session(uninterrupted.world, 100, undefined, uninterrupted);
    expect(verify(uninterrupted.recording, recorder.recording).ok).toBe(true);
    expect(bodyById(world, 5)!.id).toBe(5);
  });

  it("puts the same world back in place: its bodies stay the user's objects, its listeners stay and do not hear the calls made again", () => {
    const world = scene();
    const recorder = new Recorder(world, { snapshotInterval: 10, snapshotCapacity: 8 });
    let heard = 0;
    // a handler that changes the world: its calls are recorded, and made again by the rollback, not by it
    world.on("afterStep", () => {
      heard++;
      world.bodies[9]!.applyImpulse({ x: 0.01, y: 0 });
    });
    for (let i = 0; i < 35; i++) world.step(DT);
    const held = world.bodies.slice();
    const hash = recorder.recording.hashAt(27);
    heard = 0;
    expect(recorder.rollback(27)).toBe(world); // the snapshot of step 20, then 7 recorded steps made again
    expect(recorder.world).toBe(world);
    expect(heard).toBe(0);
    expect(world.stepCount).toBe(27);
    expect(world.stateHash()).toBe(hash);
    expect(world.bodies.length).toBe(held.length);
    world.bodies.forEach((b, i) => expect(b).toBe(held[i]));
    for (let i = 0; i < 8; i++) world.step(DT);
    expect(heard).toBe(8);
    expect(recorder.recording.lastStep).toBe(35);
    expect(verify(recorder.recording, replay(recorder.recording)).ok).toBe(true);
  });

  it("refuses a step outside the recording, and leaves the world as it was", () => {
    const world = scene();
    const recorder = new Recorder(world, { snapshotInterval: 5, snapshotCapacity: 2 });
    for (let i = 0; i < 30; i++) world.step(DT);
    const hash = world.stateHash();
    expect(() => recorder.rollback(31)).toThrow(RangeError);
    expect(() => recorder.rollback(-1)).toThrow(/step must be an integer in \[0, 30\]/);
    expect(world.stateHash()).toBe(hash);
    expect(recorder.world).toBe(world);
    // older than the ring: replayed from the start
    expect(recorder.rollback(3).stateHash()).toBe(recorder.recording.hashAt(3));
  });
});

describe("trim", () => {
  it("forgets what came before a kept snapshot; the rest still replays, verifies and rolls back", () => {
    const world = scene();
    const recorder = new Recorder(world, { snapshotInterval: 10, snapshotCapacity: 20 });
    session(world, 99, undefined, recorder); // 100 steps (advance took two once)
    const rec = recorder.recording;
    const hashes = new Map<number, string>();
    for (let s = 1; s <= rec.lastStep; s++) hashes.set(s, rec.hashAt(s));
    const before = rec.ops.length;
    expect(recorder.trim(57)).toBe(50);
    expect(rec.firstStep).toBe(50);
    expect(rec.ops.length).toBeLessThan(before);
    expect(rec.ring.map((e) => e.step)).toEqual([60, 70, 80, 90, 100]);
    expect(() => rec.hashAt(50)).toThrow(RangeError);
    for (const s of [51, 75, 100]) expect(rec.hashAt(s)).toBe(hashes.get(s));
    for (const s of [50, 63, 100]) expect(worldAt(rec, s).stateHash()).toBe(hashes.get(s));
    const loaded = Recording.fromBuffer(recorder.save());
    const run = replay(loaded);
    expect(run.world.stateHash()).toBe(world.stateHash());
    expect(verify(loaded, run).ok).toBe(true);
    expect(() => recorder.rollback(49)).toThrow(/step must be an integer in \[50, 100\]/);
    expect(recorder.rollback(66).stateHash()).toBe(hashes.get(66));
    expect(recorder.trim(52)).toBe(50); // no kept snapshot after the start at or before 52: nothing to forget
  });
});

describe("bad recordings are refused with an error that says what is wrong", () => {
  function saved(): ArrayBuffer {
    const world = scene();
    const recorder = new Recorder(world, { snapshotInterval: 10, snapshotCapacity: 2 });
    session(world, 30, undefined, recorder);
    return recorder.save();
  }

  it("corrupt, truncated, padded, of another version, or not a recording at all", () => {
    const good = saved();
    expect(() => Recording.fromBuffer(good)).not.toThrow();
    const flip = new Uint8Array(good.slice(0));
    flip[flip.length >> 1]! ^= 0x10;
    expect(() => Recording.fromBuffer(flip.buffer)).toThrow(/checksum .* does not match/);
    expect(() => Recording.fromBuffer(good.slice(0, good.byteLength - 7))).toThrow(/truncated or padded/);
    expect(() => Recording.fromBuffer(good.slice(0, 9))).toThrow(/shorter than the 16-byte header/);
    const padded = new Uint8Array(good.byteLength + 4);
    padded.set(new Uint8Array(good));
    expect(() => Recording.fromBuffer(padded.buffer)).toThrow(RangeError);
    const v2 = new Uint8Array(good.slice(0));
    new DataView(v2.buffer).setUint32(4, RECORDING_VERSION + 1, true);
    expect(() => Recording.fromBuffer(v2.buffer)).toThrow(new RegExp(`version ${RECORDING_VERSION + 1} is not supported`));
    const magic = new Uint8Array(good.slice(0));
    magic[0] = 0x41;
    expect(() => Recording.fromBuffer(magic.buffer)).toThrow(/wrong magic .* not a capsule2d recording/);
    expect(() => Recording.fromBuffer("C2DR" as never)).toThrow(TypeError);
    expect(() => replay({} as never)).toThrow(TypeError);
  });

  it("a well-formed file whose content is wrong (checksum made to match) is refused too", () => {
    const good = saved();
    const rec = Recording.fromBuffer(good);
    // a recording that calls a method that is not recordable
    rec.names[rec.names.indexOf("applyImpulse")] = "copyFrom";
    expect(() => Recording.fromBuffer(rec.toBuffer())).toThrow(/body\.copyFrom\(\) .* is not a recordable call/);
    // an op stream cut inside an op
    const cut = Recording.fromBuffer(good);
    cut.ops.truncate(cut.ops.length - 3);
    cut.stepEnds[cut.stepEnds.length - 1] = Math.min(cut.stepEnds[cut.stepEnds.length - 1]!, cut.ops.length);
    expect(() => Recording.fromBuffer(cut.toBuffer())).toThrow(/truncated|inside an op/);
  });

  it("nothing is built or changed when a recording is refused", () => {
    const world = scene();
    const recorder = new Recorder(world);
    world.step(DT);
    const massless = world.add(new AABB({ type: "static", density: 0, halfWidth: 1, halfHeight: 1, position: { x: 50, y: 50 } }));
    const bad = new Uint8Array(recorder.save());
    bad[20]! ^= 1;
    const hash = world.stateHash();
    const length = recorder.recording.ops.length;
    expect(() => Recording.fromBuffer(bad.buffer)).toThrow(RangeError);
    expect(world.stateHash()).toBe(hash);
    expect(recorder.recording.ops.length).toBe(length);
    // a bad call is refused before it is recorded
    expect(() => world.bodies[8]!.setFriction(-1)).toThrow(RangeError);
    expect(() => massless.setType("dynamic")).toThrow(/density must be > 0/); // a check after the journal would have recorded it
    expect(() => world.bodies[8]!.setMass(0)).toThrow(RangeError);
    expect(recorder.recording.ops.length).toBe(length);
    expect(() => new Recorder(world)).toThrow(/already has a recorder/);
    expect(() => new Recorder({} as never)).toThrow(TypeError);
    expect(() => new Recorder(new World(), { snapshotInterval: -1 })).toThrow(/options.snapshotInterval/);
    // 0 steps between snapshots means nothing (issue 32): a RangeError that names the field and the way to keep none
    expect(() => new Recorder(new World(), { snapshotInterval: 0 })).toThrow(RangeError);
    expect(() => new Recorder(new World(), { snapshotInterval: 0 })).toThrow(/options.snapshotInterval must be an integer in \[1, .*snapshotCapacity: 0/);
    expect(() => new Recorder(new World(), { snapshotCapacity: -1 })).toThrow(/options.snapshotCapacity/);
  });

  it("snapshotCapacity 0 keeps no snapshots: a rollback replays from the recording's start, to the same state", () => {
    const world = mixedScene(30, 5);
    const recorder = new Recorder(world, { snapshotCapacity: 0 });
    const hashes: string[] = [];
    for (let i = 0; i < 40; i++) {
      world.step(1 / 60);
      hashes.push(world.stateHash());
    }
    expect(recorder.recording.ring.length).toBe(0);
    const back = recorder.rollback(25);
    expect(back.stepCount - recorder.recording.firstStep).toBe(25);
    expect(back.stateHash()).toBe(hashes[24]);
  });
});
