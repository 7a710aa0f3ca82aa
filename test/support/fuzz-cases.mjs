// The cases of test/fuzz-untrusted.test.ts, run inside an isolated worker
// (test/support/isolated.ts) against a bundle of the sources: `C.core`,
// `C.binary`, `C.replay`, `C.worker`. Each case mutates a valid input
// (a JSON or binary snapshot, a delta, a recording, a Tiled map, worker
// messages) with a seeded generator and checks the contract of issue 32:
// a TypeError or RangeError from capsule2d, or a loaded world that steps
// without NaN and reloads its own snapshot. Plain JavaScript: it runs as is.

/** mulberry32: a small seeded generator (the same cases on every run). */
function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n), pick: (list) => list[Math.floor(next() * list.length)] };
}

const HOSTILE_NUMBERS = [1e308, -1e308, 1e20, -1e20, 5e-324, -5e-324, 2 ** 53, 0xffffffff, 0x1fffffff, 16777216, -1, 0, -0.5, 1e15, 1e-300, 3.5];
const HOSTILE_VALUES = () => [
  "NaN", "Infinity", "-Infinity", "-0", "", "x".repeat(1000), null, true, {}, [], [1, 2, 3],
  deep(2000), { __proto__: { polluted: 1 } }, JSON.parse('{"__proto__": {"polluted": 1}}'), { constructor: { prototype: { polluted: 1 } } },
  "toString", "__proto__", "hasOwnProperty",
];

function deep(n) {
  let v = [];
  for (let i = 0; i < n; i++) v = [v];
  return v;
}

/** Every path to a value in a JSON tree (objects and arrays too), up to `limit` of them. */
function paths(root, limit = 4000) {
  const out = [];
  const walk = (v, path) => {
    if (out.length >= limit) return;
    out.push(path);
    if (v !== null && typeof v === "object") for (const k of Object.keys(v)) walk(v[k], [...path, k]);
  };
  walk(root, []);
  return out;
}

function getAt(root, path) {
  let o = root;
  for (const k of path) o = o[k];
  return o;
}

/** One mutation of a JSON tree, in place (the root is never replaced). */
function mutateJSON(r, root) {
  const all = paths(root).filter((p) => p.length > 0);
  const path = r.pick(all);
  const parent = getAt(root, path.slice(0, -1));
  const key = path[path.length - 1];
  const old = parent[key];
  switch (r.int(7)) {
    case 0:
      parent[key] = r.pick(HOSTILE_NUMBERS);
      break;
    case 1:
      parent[key] = r.pick(HOSTILE_VALUES());
      break;
    case 2:
      if (Array.isArray(parent)) parent.length = Math.max(0, Number(key));
      else delete parent[key];
      break;
    case 3:
      // a plausible but wrong number: scaled, negated, off by one
      parent[key] = typeof old === "number" ? r.pick([old * (1 + r.next()), -old, old + 1, old * 1e6, old / 1e6]) : r.pick(HOSTILE_NUMBERS);
      break;
    case 4:
      // a lying count: an array doubled, or a record repeated
      if (Array.isArray(old) && old.length > 0) old.push(...JSON.parse(JSON.stringify(old)));
      else parent[key] = r.pick(HOSTILE_NUMBERS);
      break;
    case 5:
      if (Array.isArray(parent)) parent[Number(key) + 3] = JSON.parse(JSON.stringify(old ?? null)); // a sparse array
      else parent["__proto__"] = { polluted: 1 };
      break;
    default:
      parent[key] = typeof old === "string" ? old + "x" : typeof old === "boolean" ? !old : r.pick(HOSTILE_NUMBERS);
  }
}

/** One mutation of bytes, in a copy. */
function mutateBytes(r, buffer) {
  let b = new Uint8Array(buffer.slice(0));
  const v = () => new DataView(b.buffer);
  switch (r.int(6)) {
    case 0:
      for (let k = 0, n = 1 + r.int(8); k < n; k++) b[r.int(b.length)] ^= 1 << r.int(8);
      break;
    case 1:
      b = b.slice(0, r.int(b.length));
      break;
    case 2: {
      const at = r.int(b.length >> 3) * 8;
      v().setFloat64(at, r.pick([NaN, Infinity, -Infinity, ...HOSTILE_NUMBERS]), true);
      break;
    }
    case 3: {
      const at = r.int(Math.min(b.length, 96) >> 2) * 4;
      v().setUint32(at, r.pick([0xffffffff, 0x7fffffff, 1e6, 16777216, 0, 1]), true);
      break;
    }
    case 4: {
      const at = r.int(b.length >> 2) * 4;
      v().setUint32(at, r.int(2 ** 32), true);
      break;
    }
    default: {
      const grown = new Uint8Array(b.length + 8 * (1 + r.int(4)));
      grown.set(b);
      b = grown;
    }
  }
  return b.buffer.byteLength === b.length ? b.buffer : b.slice().buffer;
}

/**
 * A small valid world: static ground, circles, capsules, boxes, a sleeping body, contacts, joints; and
 * (snapshot version 5) a segment, a box that turns, an off-centre and a regular polygon.
 */
function sourceWorld(C, r) {
  const { World, AABB, Circle, Capsule, Box, Polygon, Segment } = C.core;
  const world = new World({ solver: r.next() < 0.3 ? "pgs" : "soft-step" });
  world.add(AABB.fromBounds({ x: -6, y: -1 }, { x: 6, y: 0 }, { type: "static" }));
  const bodies = [];
  for (let i = 0; i < 6; i++) {
    const p = { x: -3 + i, y: 0.5 + (i % 3) * 0.8 };
    const k = i % 3;
    bodies.push(world.add(k === 0 ? new Circle({ radius: 0.3, position: p }) : k === 1 ? new Capsule({ radius: 0.2, halfLength: 0.3, position: p, angle: 0.4 }) : new AABB({ halfWidth: 0.3, halfHeight: 0.2, position: p })));
  }
  world.add(new Circle({ radius: 0.3, type: "kinematic", position: { x: 4, y: 3 }, velocity: { x: -0.5, y: 0 } }));
  world.add(new Segment({ a: { x: -6, y: 3 }, b: { x: -4, y: 2 }, type: r.next() < 0.5 ? "static" : "kinematic" }));
  world.add(new Box({ halfWidth: 0.3, halfHeight: 0.2, radius: r.next() < 0.5 ? 0 : 0.02, position: { x: -5, y: 4 }, angle: 0.3 }));
  world.add(new Polygon({ vertices: [{ x: 0, y: 0 }, { x: 0.7, y: 0.1 }, { x: 0.5, y: 0.6 }, { x: 0.1, y: 0.5 }], position: { x: 2, y: 3 } }));
  world.add(Polygon.regular(3 + r.int(6), 0.3, { position: { x: 5, y: 1 } }));
  world.addJoint({ type: "revolute", bodyA: bodies[0], bodyB: bodies[1], anchor: { x: -2.5, y: 1 } });
  world.addJoint({ type: "distance", bodyA: bodies[3], bodyB: bodies[4], enableSpring: true, hertz: 3, dampingRatio: 0.4 });
  for (let i = 0, n = 20 + r.int(60); i < n; i++) world.step(1 / 60);
  return world;
}

function finiteWorld(world) {
  for (const b of world.bodies) {
    for (const v of [b.position.x, b.position.y, b.velocity.x, b.velocity.y, b.angularVelocity, b.rotCos, b.rotSin]) if (!Number.isFinite(v)) return false;
  }
  return true;
}

/** The contract for an error: a TypeError or RangeError of capsule2d's own. */
function checkError(e) {
  if (!(e instanceof TypeError || e instanceof RangeError)) return `threw ${e && e.constructor ? e.constructor.name : typeof e}: ${String(e && e.message)}`;
  if (!/^capsule2d/.test(e.message)) return `an error without the capsule2d prefix: ${e.constructor.name}: ${e.message}`;
  if (e.message.length > 2000) return `an error message of ${e.message.length} characters`;
  return null;
}

/** The contract for a loaded world: it steps without NaN and reloads its own snapshots (JSON and binary). */
function checkWorld(C, world) {
  try {
    for (let i = 0; i < 30; i++) world.step(1 / 60);
  } catch (e) {
    return `a loaded world threw while stepping: ${e && e.constructor.name}: ${e && e.message}`;
  }
  if (!finiteWorld(world)) return "a loaded world holds NaN or Infinity after 30 steps";
  try {
    const again = C.core.World.fromSnapshot(JSON.parse(JSON.stringify(world.snapshot())));
    if (again.stateHash() !== world.stateHash()) return "its JSON snapshot reloads to another state";
    C.core.World.fromSnapshot(world.snapshot({ format: "binary" }));
  } catch (e) {
    // until snapshots carry the shapes of issue 30 (a Tiled map's slopes and object shapes are
    // polygons and segments), such a world is checked by its clone, which carries them
    if (e instanceof RangeError && /snapshots do not carry Box, Polygon or Segment bodies yet/.test(e.message)) {
      return world.clone().stateHash() === world.stateHash() ? null : "its clone has another state";
    }
    return `a loaded world cannot reload its own snapshot: ${e && e.message}`;
  }
  return null;
}

/** Run `load()`; an error must be a clear one, a result a sound world (or null: nothing to check). */
function judge(C, load) {
  let world;
  try {
    world = load();
  } catch (e) {
    return checkError(e);
  }
  return world ? checkWorld(C, world) : null;
}

/** Where a binary snapshot's geometry blocks start (after the body, contact and joint records). */
function geometryAt(buffer) {
  const v = new DataView(buffer);
  return 64 + ((v.getUint32(16, true) + 7) & ~7) + v.getUint32(8, true) * 288 + v.getUint32(12, true) * 176 + v.getUint32(56, true) * 304;
}

/**
 * A small valid world of Compound bodies (snapshot version 6): a static compound floor, L-shapes and
 * an outline piled up (contacts between their shapes), one of every kind of shape with its own
 * materials, sensor and filter, a joint to a compound.
 */
function compoundWorld(C, r) {
  const { World, AABB, Circle, Compound } = C.core;
  const world = new World();
  world.add(AABB.fromBounds({ x: -6, y: -1 }, { x: 6, y: 0 }, { type: "static" }));
  world.add(new Compound({ type: "static", shapes: [{ shape: "segment", a: { x: -6, y: 0.01 }, b: { x: -3, y: 1 } }, { shape: "box", halfWidth: 0.3, halfHeight: 0.5, offset: { x: 4, y: 0.5 }, angle: 0.1 }] }));
  const L = [
    { shape: "box", halfWidth: 0.4, halfHeight: 0.1, offset: { x: 0.3, y: 0 } },
    { shape: "box", halfWidth: 0.1, halfHeight: 0.3, offset: { x: 0, y: 0.2 }, friction: 0.2, density: 2 },
  ];
  const bodies = [];
  for (let i = 0; i < 3 + r.int(3); i++) bodies.push(world.add(new Compound({ shapes: L, position: { x: -1 + 0.5 * (i % 3), y: 0.6 + 0.7 * i }, angle: 0.5 * i })));
  world.add(C.core.Compound.fromOutline({ outline: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 0.3 }, { x: 0.3, y: 0.3 }, { x: 0.3, y: 0.9 }, { x: 0, y: 0.9 }], position: { x: 1.5, y: 1 }, radius: r.next() < 0.5 ? 0 : 0.01 }));
  world.add(new Compound({
    position: { x: 0, y: 4 },
    shapes: [
      { shape: "circle", radius: 0.2, offset: { x: -0.4, y: 0 }, restitution: 0.3 },
      { shape: "capsule", halfLength: 0.2, radius: 0.08, offset: { x: 0, y: 0.2 }, angle: 0.5 },
      { shape: "polygon", vertices: [{ x: 0, y: 0 }, { x: 0.4, y: 0 }, { x: 0.1, y: 0.3 }], offset: { x: 0.1, y: -0.3 }, collisionFilter: { category: 2, group: -1 } },
      { shape: "segment", a: { x: -0.3, y: -0.2 }, b: { x: 0.3, y: -0.25 } },
      { shape: "circle", radius: 0.4, isSensor: true },
    ],
  }));
  world.add(new Circle({ radius: 0.2, position: { x: 3, y: 2 } }));
  world.addJoint({ type: "revolute", bodyA: bodies[0], bodyB: bodies[1], anchor: { x: -0.8, y: 1 } });
  for (let i = 0, n = 20 + r.int(60); i < n; i++) world.step(1 / 60);
  return world;
}

/** `target.restore(data)`: a clear error that left the world exactly as it was, or a sound world. */
function restoreJudged(C, target, data) {
  const hash = target.stateHash();
  try {
    target.restore(data);
  } catch (e) {
    return checkError(e) ?? (target.stateHash() === hash ? null : "a refused restore() changed the world");
  }
  return checkWorld(C, target);
}

/**
 * A copy of binary snapshot `buffer` with 1 to 3 of its words from byte `at` on mutated (a count from
 * `counts`, a hostile double, a flipped bit, a nudged double), and in 3 cases of 10 cut short.
 */
function mutateWords(r, buffer, at, counts) {
  const b = new Uint8Array(buffer.slice(0));
  const v = new DataView(b.buffer);
  const words = (b.length - at) >> 2;
  for (let k = 0, n = 1 + r.int(3); k < n; k++) {
    const w = at + 4 * r.int(words);
    switch (r.int(4)) {
      case 0:
        v.setUint32(w, r.pick(counts), true);
        break;
      case 1:
        v.setFloat64(w & ~7, r.pick([NaN, Infinity, -Infinity, ...HOSTILE_NUMBERS]), true);
        break;
      case 2:
        b[w + r.int(4)] ^= 1 << r.int(8);
        break;
      default:
        v.setFloat64(w & ~7, v.getFloat64(w & ~7, true) * (1 + 1e-12 * (1 + r.int(1000))), true);
    }
  }
  return r.next() < 0.3 ? b.slice(0, at + 8 * r.int((b.length - at) >> 3)) : b;
}

/**
 * Mutations aimed at the records of the `shape` bodies of the worlds `make` builds (their fields
 * `fields`, which byte flips anywhere rarely hit) and at the contacts between their shapes, in JSON
 * and in the binary form's geometry words; read by `fromSnapshot` or `restore`.
 */
function aimed(C, r, make, shape, fields, counts) {
  const world = make(C, r);
  if (r.next() < 0.5) {
    const s = JSON.parse(JSON.stringify(world.snapshot()));
    const targets = s.bodies.filter((b) => b.shape === shape);
    for (let k = 0, n = 1 + r.int(3); k < n; k++) {
      const pick = r.int(10);
      if (pick < 6) mutateJSON(r, r.pick(targets)[r.pick(fields)]);
      else if (pick < 7) mutateJSON(r, r.pick(targets));
      else if (pick < 9 && s.contacts.length > 0) {
        const c = r.pick(s.contacts);
        c[r.pick(["shapeA", "shapeB"])] = r.pick([1, 2, 5, 63, 64, -1, 1e9, "1", null, 0.5]);
      } else {
        const b = r.pick(targets);
        b.localCenter = r.pick([{ x: r.pick(HOSTILE_NUMBERS), y: 0 }, undefined, "NaN", { x: 0.1, y: 0.1 }]);
      }
    }
    if (r.next() < 0.5) return judge(C, () => C.core.World.fromSnapshot(s));
    const target = make(C, r);
    return restoreJudged(C, target, s);
  }
  const buffer = world.snapshot({ format: "binary" });
  const cut = mutateWords(r, buffer, r.next() < 0.8 ? geometryAt(buffer) : 64, counts);
  if (r.next() < 0.5) return judge(C, () => C.core.World.fromSnapshot(cut.buffer));
  const target = make(C, r);
  return restoreJudged(C, target, cut.buffer);
}

/**
 * A small valid world of Chain bodies (snapshot version 7): an open chain with inner vertices (one
 * segment with a friction of its own), a loop, a kinematic chain, bodies of several kinds on them.
 */
function chainWorld(C, r) {
  const { World, AABB, Circle, Capsule, Box, Chain } = C.core;
  const world = new World();
  const ground = world.add(new Chain({ type: "static", points: [{ x: 6, y: 1 }, { x: 3, y: 0 }, { x: 1, y: 0.2 }, { x: -1, y: 0 }, { x: -3, y: 0.1 }, { x: -6, y: 1.5 }] }));
  ground.shapes[2].setFriction(0.1 + 0.5 * r.next());
  world.add(new Chain({ type: "static", loop: true, points: [{ x: -1, y: 3 }, { x: 1, y: 3 }, { x: 0, y: 4 }] }));
  world.add(new Chain({ type: "kinematic", position: { x: 3, y: 2 }, velocity: { x: -0.5, y: 0 }, points: [{ x: 1, y: 0 }, { x: 0, y: -0.1 }, { x: -1, y: 0 }] }));
  world.add(new Circle({ radius: 0.2, position: { x: 4, y: 1.5 }, velocity: { x: -3, y: 0 } }));
  world.add(new Capsule({ radius: 0.1, halfLength: 0.2, position: { x: 2, y: 0.5 } }));
  world.add(new Box({ halfWidth: 0.2, halfHeight: 0.15, position: { x: -2, y: 0.5 }, angle: 0.3 }));
  world.add(new AABB({ halfWidth: 0.15, halfHeight: 0.15, position: { x: 3, y: 2.4 } }));
  world.add(new Circle({ radius: 0.15, position: { x: 0.1, y: 5 } }));
  for (let i = 0, n = 20 + r.int(60); i < n; i++) world.step(1 / 60);
  return world;
}

const KINDS = {
  json(C, r) {
    const s = JSON.parse(JSON.stringify(sourceWorld(C, r).snapshot()));
    for (let k = 0, n = 1 + r.int(3); k < n; k++) mutateJSON(r, s);
    if (r.next() < 0.5) return judge(C, () => C.core.World.fromSnapshot(s));
    // restore: a refused snapshot leaves the world exactly as it was
    const target = sourceWorld(C, r);
    return restoreJudged(C, target, s);
  },
  binary(C, r) {
    const buffer = mutateBytes(r, sourceWorld(C, r).snapshot({ format: "binary" }));
    return judge(C, () => C.core.World.fromSnapshot(buffer));
  },
  geometry(C, r) {
    // mutations aimed at the shapes of Box, Polygon and Segment bodies, which byte flips anywhere rarely hit
    const world = sourceWorld(C, r);
    if (r.next() < 0.5) {
      const s = JSON.parse(JSON.stringify(world.snapshot()));
      const shaped = s.bodies.filter((b) => b.shapes !== undefined);
      for (let k = 0, n = 1 + r.int(3); k < n; k++) {
        const b = r.pick(shaped);
        mutateJSON(r, r.next() < 0.8 ? b.shapes : b);
        if (r.next() < 0.2) b.localCenter = r.pick([{ x: r.pick(HOSTILE_NUMBERS), y: 0 }, undefined, "NaN", { x: 0.1, y: 0.1 }]);
      }
      return judge(C, () => C.core.World.fromSnapshot(s));
    }
    const buffer = world.snapshot({ format: "binary" });
    const cut = mutateWords(r, buffer, geometryAt(buffer), [0, 1, 2, 3, 8, 9, 0xffffffff, 1e6, 16777216]);
    return judge(C, () => C.core.World.fromSnapshot(cut.buffer));
  },
  compounds(C, r) {
    // mutations aimed at the shapes of Compound bodies and the contacts between them (shape indices)
    return aimed(C, r, compoundWorld, "compound", ["shapes"], [0, 1, 2, 3, 4, 5, 8, 9, 63, 64, 65, 0xffffffff, 1e6]);
  },
  chains(C, r) {
    // mutations aimed at the points and materials of Chain bodies (the loop flag by mutations of the whole record) (counts about the limits, 1e9 points)
    return aimed(C, r, chainWorld, "chain", ["points", "materials"], [0, 1, 2, 3, 4, 5, 7, 4095, 4096, 4097, 0xffffffff, 1e9]);
  },
  delta(C, r) {
    const world = sourceWorld(C, r);
    const base = world.snapshot({ format: "binary" });
    for (let i = 0; i < 5; i++) world.step(1 / 60);
    const delta = mutateBytes(r, C.replay.deltaSnapshot(base, world.snapshot({ format: "binary" })));
    return judge(C, () => C.core.World.fromSnapshot(C.replay.applyDelta(base, delta)));
  },
  recording(C, r) {
    const world = sourceWorld(C, r);
    const recorder = new C.replay.Recorder(world, { snapshotInterval: 10 });
    for (let i = 0; i < 25; i++) {
      if (i % 7 === 3) world.bodies[2].applyImpulse({ x: 0.5, y: 1 });
      if (i === 12) world.add(new C.core.Polygon({ vertices: [{ x: 0, y: 0 }, { x: 0.5, y: 0 }, { x: 0.1, y: 0.4 }], position: { x: 0, y: 4 } }));
      world.step(1 / 60);
    }
    recorder.detach();
    const bytes = new Uint8Array(mutateBytes(r, recorder.recording.toBuffer()));
    // half the cases with a checksum that agrees (else nearly all stop at the checksum)
    if (r.next() < 0.5 && bytes.length >= 16) new DataView(bytes.buffer).setUint32(8, C.recording.fnv1a(bytes, 16, bytes.length), true);
    return judge(C, () => C.replay.replay(C.replay.Recording.fromBuffer(bytes.buffer)).world);
  },
  tiled(C, r, data) {
    const map = JSON.parse(JSON.stringify(data.level));
    for (let k = 0, n = 1 + r.int(3); k < n; k++) mutateJSON(r, map);
    const world = new C.core.World();
    const hash = world.stateHash();
    return judge(C, () => {
      try {
        C.core.TileMap.fromTiled(world, map, { origin: { x: 0, y: 8 } });
      } catch (e) {
        if (world.bodies.length > 0 || world.stateHash() !== hash) throw new Error("a refused map left bodies in the world");
        throw e;
      }
      world.add(new C.core.Circle({ radius: 0.3, position: { x: 2, y: 6 } }));
      return world;
    });
  },
  // a map with every feature fromTiled reads (issue 31): groups and offsets, base64 (zlib) and CSV
  // layers or an infinite map's chunks, an external tileset, tiles' collision shapes and flip flags,
  // every kind of object; mutated, also in the external tileset and the compressed bytes
  async tiledMaps(C, r) {
    const { deflateSync, inflateSync } = await import("node:zlib");
    const map = richTiledMap(r.next() < 0.3, deflateSync);
    const external = richTileset();
    for (let k = 0, n = 1 + r.int(3); k < n; k++) mutateJSON(r, r.next() < 0.8 ? map : external);
    const world = new C.core.World();
    const hash = world.stateHash();
    const decompress = (bytes, format, size) => {
      if (r.next() < 0.1) return new Uint8Array(r.pick([0, size - 1, size + 4, 1 << 20]));
      return new Uint8Array(inflateSync(bytes, { maxOutputLength: Math.max(1, size) }));
    };
    return judge(C, () => {
      try {
        C.core.TileMap.fromTiled(world, map, { origin: { x: 0, y: 8 }, loadTileset: () => external, decompress, layers: r.next() < 0.2 ? ["solid"] : undefined, collides: r.next() < 0.2 ? "collides" : undefined });
      } catch (e) {
        if (world.bodies.length > 0 || world.stateHash() !== hash) throw new Error("a refused map left bodies in the world");
        throw e;
      }
      world.add(new C.core.Circle({ radius: 0.3, position: { x: 2, y: 6 } }));
      return world;
    });
  },
  async messages(C, r) {
    const { MessageChannel } = await import("node:worker_threads");
    const { port1, port2 } = new MessageChannel();
    const errors = [];
    C.worker.serveWorld(() => sourceWorld(C, r), { endpoint: port2, commands: { ping: () => "pong" } });
    const replies = [];
    port1.on("message", (m) => replies.push(m));
    port1.postMessage({ type: "init", data: null });
    const names = ["add", "remove", "applyImpulse", "setVelocity", "setPosition", "ping", "toString", "__proto__", "hasOwnProperty", "constructor", "valueOf"];
    for (let k = 0, n = 3 + r.int(6); k < n; k++) {
      const type = r.pick(["frame", "command", "custom", "init", null, 5, "nope"]);
      const message = r.next() < 0.15 ? r.pick(HOSTILE_VALUES()) : {
        type,
        seq: r.next() < 0.8 ? 100 + k : r.pick(HOSTILE_VALUES()),
        name: r.next() < 0.8 ? r.pick(names) : r.pick(HOSTILE_VALUES()),
        args: r.next() < 0.6 ? [r.int(12), { x: r.pick(HOSTILE_NUMBERS), y: 1 }, { x: 0, y: 0 }] : r.pick([...HOSTILE_VALUES(), ...HOSTILE_NUMBERS]),
        steps: r.next() < 0.5 ? r.int(3) : r.pick([...HOSTILE_NUMBERS, Infinity, NaN, "1"]),
        elapsed: r.pick([0, 1 / 60, ...HOSTILE_NUMBERS]),
        buffer: r.pick([null, new ArrayBuffer(8), 42, "buf", new ArrayBuffer(0)]),
      };
      try {
        port1.postMessage(message);
      } catch {
        // not cloneable: it never leaves this thread
      }
    }
    // the worker still answers a valid request afterwards (unless a step was fatal, which it must say)
    port1.postMessage({ type: "frame", seq: 1, elapsed: 0, steps: 1, buffer: null });
    for (let i = 0; i < 20000 && !replies.some((m) => m.seq === 1 || m.type === "fatal"); i++) await new Promise((res) => setImmediate(res));
    port1.close();
    const last = replies.find((m) => m.seq === 1);
    if (last === undefined && !replies.some((m) => m.type === "fatal")) errors.push("the worker stopped answering");
    for (const m of replies) {
      if (m.type === "error" && !/^capsule2d/.test(m.error.message)) errors.push(`an error reply without the capsule2d prefix: ${m.error.message}`);
      if (m.type === "frame" && m.frame.count > 0 && !new Float64Array(m.frame.buffer, 0, m.frame.count * 8).every(Number.isFinite)) errors.push("a frame with NaN poses");
    }
    if ({}.polluted !== undefined) errors.push("Object.prototype was polluted");
    return errors.length > 0 ? errors.join("; ") : null;
  },
};

/** A tileset of shaped tiles: a slope polygon, a half tile, an ellipse, a polyline, a rotated rectangle. */
function richTileset() {
  return {
    name: "shapes", tilewidth: 32, tileheight: 32, tilecount: 8, columns: 8,
    tiles: [
      { id: 0, objectgroup: { objects: [{ id: 1, x: 0, y: 32, polygon: [{ x: 0, y: 0 }, { x: 32, y: -32 }, { x: 32, y: 0 }] }] } },
      { id: 1, properties: [{ name: "collides", type: "bool", value: true }, { name: "friction", type: "float", value: 0.3 }], objectgroup: { objects: [{ id: 1, x: 0, y: 16, width: 32, height: 16 }] } },
      { id: 2, objectgroup: { objects: [{ id: 1, x: 4, y: 4, width: 24, height: 16, ellipse: true }] } },
      { id: 3, objectgroup: { objects: [{ id: 1, x: 0, y: 8, polyline: [{ x: 0, y: 0 }, { x: 32, y: 8 }] }, { id: 2, x: 16, y: 0, width: 8, height: 8, rotation: 30 }] } },
    ],
  };
}

/** Every feature of a Tiled map that fromTiled reads, finite (base64 zlib, CSV, groups) or infinite (chunks). */
function richTiledMap(infinite, deflateSync) {
  const W = 16;
  const H = 8;
  const ids = [];
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) ids.push(y === 7 ? 1 : y === 6 && x % 3 === 0 ? [9, 10, 11, 12][x % 4] | (x % 2 ? 0x80000000 : 0) | (x % 5 === 0 ? 0x20000000 : 0) : 0);
  const b64 = (list) => {
    const b = new Uint8Array(list.length * 4);
    const v = new DataView(b.buffer);
    list.forEach((n, i) => v.setUint32(i * 4, n >>> 0, true));
    return Buffer.from(deflateSync(b)).toString("base64");
  };
  const tile = infinite
    ? { name: "solid", type: "tilelayer", encoding: "base64", compression: "zlib", chunks: [{ x: 0, y: 0, width: W, height: 4, data: b64(ids.slice(0, W * 4)) }, { x: 0, y: 4, width: W, height: 4, data: b64(ids.slice(W * 4)) }] }
    : { name: "solid", type: "tilelayer", encoding: "base64", compression: "zlib", width: W, height: H, data: b64(ids) };
  return {
    type: "map", orientation: "orthogonal", infinite, width: W, height: H, tilewidth: 32, tileheight: 32,
    layers: [
      { name: "back", type: "tilelayer", visible: false, encoding: "csv", width: W, height: H, data: ids.map((n) => n >>> 0).join(","), ...(infinite ? { data: undefined, chunks: [{ x: 0, y: 0, width: W, height: H, data: ids }] } : {}) },
      { name: "world", type: "group", offsetx: 16, offsety: -8, layers: [tile] },
      { name: "things", type: "objectgroup", objects: [
        { id: 1, name: "start", type: "spawn", x: 40, y: 100, point: true },
        { id: 2, name: "box", x: 64, y: 64, width: 32, height: 16, rotation: 20, properties: [{ name: "oneWay", type: "bool", value: true }] },
        { id: 3, name: "ball", x: 128, y: 64, width: 20, height: 20, ellipse: true },
        { id: 4, name: "ell", x: 200, y: 200, polygon: [{ x: 0, y: 0 }, { x: 64, y: 0 }, { x: 64, y: -32 }, { x: 32, y: -32 }, { x: 32, y: -64 }, { x: 0, y: -64 }] },
        { id: 5, name: "rail", x: 10, y: 150, polyline: [{ x: 0, y: 0 }, { x: 50, y: 10 }, { x: 90, y: -10 }] },
        { id: 6, name: "goal", class: "sensor", x: 400, y: 100, width: 32, height: 64 },
        { id: 7, name: "sign", x: 0, y: 0, width: 40, height: 10, text: { text: "hi" } },
      ] },
    ],
    tilesets: [{ firstgid: 1, name: "plain", tilewidth: 32, tileheight: 32, tilecount: 8, tiles: [{ id: 0, properties: [{ name: "collides", type: "bool", value: true }] }] }, { firstgid: 9, source: "shapes.tsj" }],
  };
}

/** Run `data.count` cases of `data.kind` from `data.seed`; report each case's start through `progress`. */
export async function run(C, data, progress) {
  // the cases' worlds have binary snapshots: capsule2d's namespace with the World of capsule2d/binary
  C = { ...C, core: { ...C.core, World: C.binary.World } };
  const failures = [];
  for (let i = 0; i < data.count; i++) {
    const seed = data.seed * 100003 + i;
    progress(i);
    const r = rng(seed);
    let problem;
    try {
      problem = await KINDS[data.kind](C, r, data);
    } catch (e) {
      problem = `the case itself threw: ${e && e.message}`;
    }
    if ({}.polluted !== undefined) problem = "Object.prototype was polluted";
    if (problem) failures.push({ case: i, seed, problem });
  }
  return failures;
}
