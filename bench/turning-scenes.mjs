/**
 * The turning-box solver scenes (bench/turning-scenes-data.mjs: Box2D v3's
 * card house, arch and double domino, and a tower hit by a 6 kg ball at
 * 25 m/s) in capsule2d and in Box2D v3 (box2d3-wasm) from the same data, and
 * what each does: drift, sinking, how many blocks fell or turned, and when
 * everything was asleep. docs/performance.md quotes the table.
 *
 *   node bench/turning-scenes.mjs            # capsule2d from dist/ (npm run build) vs Box2D v3 WASM
 *   node bench/turning-scenes.mjs --json     # the same figures as JSON
 *
 * test/turning-scenes.test.ts builds the same scenes with capsule2d's
 * source and asserts the physics; this script only reports.
 */
import Box2DFactory from "box2d3-wasm";
import { materialOf, measure, measureCapsule2d, TURNING_SCENES } from "./turning-scenes-data.mjs";

async function box2dProbe(scene) {
  const B = await Box2DFactory({ pthreadCount: 0 });
  const worldDef = B.b2DefaultWorldDef();
  worldDef.gravity.Set(0, -10);
  const worldId = B.b2CreateWorld(worldDef);
  const make = (d, isStatic) => {
    const bodyDef = B.b2DefaultBodyDef();
    bodyDef.type = isStatic ? B.b2BodyType.b2_staticBody : B.b2BodyType.b2_dynamicBody;
    if (d.kind === "box" || d.kind === "circle") bodyDef.position.Set(d.x, d.y);
    bodyDef.rotation = B.b2MakeRot(d.angle ?? 0);
    const id = B.b2CreateBody(worldId, bodyDef);
    const shapeDef = B.b2DefaultShapeDef();
    const m = materialOf(d);
    shapeDef.material.friction = m.friction;
    shapeDef.density = m.density;
    if (d.kind === "box") B.b2CreatePolygonShape(id, shapeDef, B.b2MakeBox(d.halfWidth, d.halfHeight));
    else if (d.kind === "polygon") B.b2CreatePolygonShape(id, shapeDef, B.b2MakePolygon(B.b2ComputeHull(d.vertices), 0));
    else if (d.kind === "segment") {
      const s = new B.b2Segment();
      s.point1.Set(d.a.x, d.a.y);
      s.point2.Set(d.b.x, d.b.y);
      B.b2CreateSegmentShape(id, shapeDef, s);
    } else if (d.kind === "circle") {
      const c = new B.b2Circle();
      c.center.Set(0, 0);
      c.radius = d.radius;
      B.b2CreateCircleShape(id, shapeDef, c);
      if (d.velocity) B.b2Body_SetLinearVelocity(id, new B.b2Vec2(d.velocity.x, d.velocity.y));
    }
    return id;
  };
  for (const g of scene.ground) make(g, true);
  const ids = scene.bodies.map((d) => make(d, false));
  for (const i of scene.impulses) B.b2Body_ApplyLinearImpulse(ids[i.body], new B.b2Vec2(i.impulse.x, i.impulse.y), new B.b2Vec2(i.point.x, i.point.y), true);
  return {
    step: (dt) => B.b2World_Step(worldId, dt, 4),
    center: (i) => {
      const v = B.b2Body_GetWorldCenterOfMass(ids[i]);
      const p = { x: v.x, y: v.y };
      v.delete();
      return p;
    },
    angle: (i) => {
      const r = B.b2Body_GetRotation(ids[i]);
      const a = B.b2Rot_GetAngle(r);
      r.delete();
      return a;
    },
    asleep: (i) => !B.b2Body_IsAwake(ids[i]),
    count: ids.length,
  };
}

async function main() {
  const C = await import(new URL("../dist/capsule2d.js", import.meta.url).href);
  const rows = [];
  for (const [name, make] of Object.entries(TURNING_SCENES)) {
    const scene = make();
    rows.push({ scene: name, engine: "capsule2d", ...measureCapsule2d(C, scene) });
    rows.push({ scene: name, engine: "Box2D v3 (wasm)", ...measure(await box2dProbe(scene), scene) });
  }
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(rows, null, 2));
    return;
  }
  const mm = (x) => (x === undefined ? "" : `${(x * 1000).toFixed(1)} mm`);
  console.log("| scene | engine | max move | creep after 1 s | keystone sink | turned > 0.5 rad | down > 45° | top centre | all asleep at |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(
      `| ${r.scene} | ${r.engine} | ${mm(r.maxDrift)} | ${mm(r.drift)} | ${mm(r.keystoneSink)} | ${r.turned}/${r.blocks} | ${r.down}/${r.blocks} | ` +
        `${r.topY.toFixed(2)} m | ${r.sleepAt === null ? "awake" : `${r.sleepAt.toFixed(2)} s`} |`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
