/**
 * What every adapter shares: walking a scene's statics, bodies and joints in
 * one fixed order, and the spawn / despawn of ragdoll_rain's groups.
 *
 * An adapter gives `buildWorld(scene, api)` its engine's calls:
 *   api.addStatic(s)               → nothing (a static box of the container)
 *   api.addChain(c)                → nothing (a static open chain, { kind: "chain", points }:
 *                                    chain_terrain; only engines with chain shapes have it)
 *   api.addBody(b, i)              → its engine's body handle
 *   api.addJoint(j, hA, hB, i)     → its engine's joint handle (joint scenes)
 *   api.addKinematic(k)            → nothing (scene.kinematic: tumbler's turning container)
 *   api.removeJoint(handle)        (only for scenes with groups; called
 *   api.removeBody(handle)          joints first, then bodies)
 * and gets back `{ handles, spawn(group), despawn(group) }`: handles[i] is
 * scene.bodies[i]'s handle, null while that body is not in the world.
 */

/** Is body i listed in one of the scene's groups (created later, on a schedule)? */
function grouped(scene) {
  const bodies = new Uint8Array(scene.bodies.length);
  const joints = new Uint8Array(scene.joints ? scene.joints.length : 0);
  for (const g of scene.groups ?? []) {
    bodies.fill(1, g.bodies[0], g.bodies[1]);
    joints.fill(1, g.joints[0], g.joints[1]);
  }
  return { bodies, joints };
}

export function buildWorld(scene, api) {
  for (const s of scene.statics) {
    if (s.kind !== "chain") api.addStatic(s);
    else if (api.addChain) api.addChain(s);
    else throw new Error("this adapter builds no chains (its unsupported() should have said so)");
  }
  if (scene.kinematic) api.addKinematic(scene.kinematic);
  const handles = new Array(scene.bodies.length).fill(null);
  const jointHandles = new Array(scene.joints ? scene.joints.length : 0).fill(null);
  const later = grouped(scene);
  for (let i = 0; i < scene.bodies.length; i++) {
    if (!later.bodies[i]) handles[i] = api.addBody(scene.bodies[i], i);
  }
  const joints = scene.joints ?? [];
  for (let i = 0; i < joints.length; i++) {
    if (!later.joints[i]) jointHandles[i] = api.addJoint(joints[i], handles[joints[i].a], handles[joints[i].b], i);
  }
  return {
    handles,
    spawn(group) {
      for (let i = group.bodies[0]; i < group.bodies[1]; i++) handles[i] = api.addBody(scene.bodies[i], i);
      for (let i = group.joints[0]; i < group.joints[1]; i++) {
        jointHandles[i] = api.addJoint(joints[i], handles[joints[i].a], handles[joints[i].b], i);
      }
    },
    despawn(group) {
      for (let i = group.joints[0]; i < group.joints[1]; i++) {
        if (jointHandles[i] !== null && api.removeJoint) api.removeJoint(jointHandles[i]);
        jointHandles[i] = null;
      }
      for (let i = group.bodies[0]; i < group.bodies[1]; i++) {
        if (handles[i] !== null) api.removeBody(handles[i]);
        handles[i] = null;
      }
    },
  };
}

/** A world point in the frame of a body at (px, py) turned by `angle`. */
export function localPoint(x, y, px, py, angle) {
  const dx = x - px;
  const dy = y - py;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return { x: c * dx + s * dy, y: -s * dx + c * dy };
}

/**
 * A capsule as a convex polygon, for engines without a capsule shape (Box2D
 * v2 and its ports, in the joint scenes only). Each rounded end becomes 4
 * points, at ±22.5° and ±67.5° from the axis (8 vertices in all, Box2D v2's
 * b2_maxPolygonVertices), on a circle of radius `radius − skin` (`skin`: the
 * engine's own polygon radius, 0.01 m in Box2D v2, which rounds the corners
 * back out). Box2D v2.4's hull drops points that lie within about 0.01 m of
 * the line through their neighbours, so thinner capsules get 3 points per
 * end (0°, ±60°; the lower legs and upper arms) or 2 (±45°: the forearms,
 * whose polygon is then a rectangle with 0.01 m rounded corners). The
 * segment runs along local x from −halfLength to halfLength.
 */
export function capsulePolygon(halfLength, radius, skin) {
  const r = radius - skin;
  const angles = r >= 0.036 ? [-67.5, -22.5, 22.5, 67.5] : r >= 0.025 ? [-60, 0, 60] : [-45, 45];
  const points = [];
  for (const deg of angles) {
    const a = (deg * Math.PI) / 180;
    points.push({ x: halfLength + r * Math.cos(a), y: r * Math.sin(a) });
  }
  for (const deg of angles) {
    const a = ((deg + 180) * Math.PI) / 180;
    points.push({ x: -halfLength + r * Math.cos(a), y: r * Math.sin(a) });
  }
  return points;
}

/** 16-bit collision bits of a scene body (category 1, all bits, when it has no filter). */
export function filterOf(b) {
  return b.filter ?? { category: 0x0001, mask: 0xffff };
}

/** A scene body's density: its own (smash's heavy box) or the scene material's. */
export function densityOf(b, scene) {
  return b.density ?? scene.material.density;
}

/**
 * Why an engine without a capsule shape skips this scene, or null when it
 * can build it: capsules only stand in for its nearest shape in scenes that
 * allow it (scene.capsulesMayBePolygons: ragdoll_rain, tumbler).
 */
export function noCapsules(scene, engineName) {
  return scene.bodies.some((b) => b.kind === "capsule") && !scene.capsulesMayBePolygons
    ? `${engineName} has no capsule shape`
    : null;
}

/** The settings note of an engine that builds capsules as polygons, when the scene has any. */
export function capsulePolygonNote(scene) {
  return scene.bodies.some((b) => b.kind === "capsule") ? "; capsules as polygons (4–8 vertices)" : "";
}

/** Why an engine without chain shapes skips this scene (chain_terrain), or null. */
export function noChains(scene, engineName) {
  return scene.statics.some((s) => s.kind === "chain") ? `${engineName} has no chain shape` : null;
}
