/**
 * Box2D v2.4 (C++) compiled to WebAssembly by the box2d-wasm package.
 *
 * Under Node its loader tries to fetch the .wasm by a path and fails, so the
 * bytes are read from disk here and handed to the Emscripten factory as
 * `wasmBinary`. The SIMD build is used when the runtime validates SIMD
 * (Node ≥ 16 does), as the package's own entry point would choose.
 *
 * Settings: 8 velocity and 3 position iterations (Box2D v2's recommended
 * values), continuous physics and warm starting on (defaults). Box2D v2 has
 * no capsule shape, so capsule scenes are skipped.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export const describe = { label: "Box2D v2.4 (wasm)", package: "box2d-wasm 7.0.0", language: "C++ → WASM" };

const VELOCITY_ITERATIONS = 8;
const POSITION_ITERATIONS = 3;

export function unsupported(scene) {
  return scene.bodies.some((b) => b.kind === "capsule") ? "Box2D v2.4 has no capsule shape" : null;
}

/** wasm-feature-detect's SIMD probe: a module that uses one v128 instruction. */
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

async function loadBox2D() {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve("box2d-wasm")), "..", "umd");
  const flavour = WebAssembly.validate(SIMD_PROBE) ? "Box2D.simd" : "Box2D";
  const factory = require(join(dir, `${flavour}.js`));
  const wasmBinary = readFileSync(join(dir, `${flavour}.wasm`));
  return { box2d: await factory({ wasmBinary }), flavour };
}

export async function create(scene) {
  const { box2d: B, flavour } = await loadBox2D();
  const world = new B.b2World(new B.b2Vec2(scene.gravity.x, scene.gravity.y));
  world.SetAllowSleeping(false);
  const { density, friction, restitution } = scene.material;

  const addBody = (type, b, shape, fixedRotation) => {
    const bd = new B.b2BodyDef();
    bd.set_type(type);
    bd.set_position(new B.b2Vec2(b.x, b.y));
    bd.set_angle(b.angle ?? 0);
    bd.set_fixedRotation(fixedRotation);
    bd.set_allowSleep(false);
    const body = world.CreateBody(bd);
    const fd = new B.b2FixtureDef();
    fd.set_shape(shape);
    fd.set_density(type === B.b2_staticBody ? 0 : density);
    fd.set_friction(friction);
    fd.set_restitution(restitution);
    body.CreateFixture(fd);
    return body;
  };
  const box = (hw, hh) => {
    const shape = new B.b2PolygonShape();
    shape.SetAsBox(hw, hh);
    return shape;
  };

  for (const s of scene.statics) addBody(B.b2_staticBody, s, box(s.halfWidth, s.halfHeight), false);
  const bodies = [];
  for (const b of scene.bodies) {
    let shape;
    if (b.kind === "circle") {
      shape = new B.b2CircleShape();
      shape.set_m_radius(b.radius);
    } else {
      shape = box(b.halfWidth, b.halfHeight);
    }
    bodies.push(addBody(B.b2_dynamicBody, b, shape, b.fixedRotation === true));
  }

  const dt = scene.dt;
  return {
    settings: `velocityIterations ${VELOCITY_ITERATIONS}, positionIterations ${POSITION_ITERATIONS}; ${flavour}.wasm; sleeping off`,
    step() {
      world.Step(dt, VELOCITY_ITERATIONS, POSITION_ITERATIONS);
    },
    readPositions(out) {
      for (let i = 0; i < bodies.length; i++) {
        const p = bodies[i].GetPosition();
        out[2 * i] = p.get_x();
        out[2 * i + 1] = p.get_y();
      }
    },
  };
}
