/**
 * capsule2d/phaser in Node, with small fakes for Phaser's Graphics, scene,
 * camera and tiles (the entry point duck-types them and never imports
 * Phaser): the view's closed form, debug drawing of every shape kind checked
 * against the shapes' own world geometry (`getWorldVertices`, positions and
 * radii) through the view, interpolation against the closed form of a body
 * moving at constant velocity, game objects following bodies (made, moved,
 * destroyed, attached, a camera following), and the tilemap helper against
 * `TileMap.fromTiled` on the same map, its tiles made by Phaser's own
 * tileset and gid parsers (phaser/src/tilemaps/parsers/tiled/, which load
 * in Node).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createRequire } from "node:module";
import { AABB, Box, Capsule, Circle, Compound, Polygon, Segment, TileMap, World, type Body } from "../src/entries/capsule2d.js";
import { addTilemapColliders, BodySprites, PhaserDebugDraw, PhaserView, tiledFlags, type PhaserTileLike } from "../src/entries/phaser.js";

const require = createRequire(import.meta.url);
const ParseGID = require("../node_modules/phaser/src/tilemaps/parsers/tiled/ParseGID.js") as (gid: number) => { gid: number; rotation: number; flipped: boolean };
const ParseTilesets = require("../node_modules/phaser/src/tilemaps/parsers/tiled/ParseTilesets.js") as (json: unknown) => {
  tilesets: { firstgid: number; tileWidth: number; tileHeight: number; tileData: Record<string, { objectgroup?: unknown }>; tileProperties: Record<string, Record<string, unknown>> }[];
};

type Op = [string, ...number[]];

/** A Phaser Graphics that records its calls, with a transform and destroy(). */
class FakeGraphics {
  ops: Op[] = [];
  x = 0;
  y = 0;
  rotation = 0;
  depth = 0;
  destroyed = false;
  clear() {
    this.ops = [];
    return this;
  }
  fillStyle(c: number, a = 1) {
    this.ops.push(["fillStyle", c, a]);
  }
  lineStyle(w: number, c: number, a = 1) {
    this.ops.push(["lineStyle", w, c, a]);
  }
  beginPath() {
    this.ops.push(["beginPath"]);
  }
  moveTo(x: number, y: number) {
    this.ops.push(["moveTo", x, y]);
  }
  lineTo(x: number, y: number) {
    this.ops.push(["lineTo", x, y]);
  }
  closePath() {
    this.ops.push(["closePath"]);
  }
  fillPath() {
    this.ops.push(["fillPath"]);
  }
  strokePath() {
    this.ops.push(["strokePath"]);
  }
  fillCircle(x: number, y: number, r: number) {
    this.ops.push(["fillCircle", x, y, r]);
  }
  strokeCircle(x: number, y: number, r: number) {
    this.ops.push(["strokeCircle", x, y, r]);
  }
  setDepth(d: number) {
    this.depth = d;
  }
  destroy() {
    this.destroyed = true;
  }
  /** The points of each filled path (moveTo/lineTo runs ended by fillPath). */
  filledPaths(): { x: number; y: number }[][] {
    const out: { x: number; y: number }[][] = [];
    let cur: { x: number; y: number }[] = [];
    for (const [op, x, y] of this.ops) {
      if (op === "beginPath") cur = [];
      else if (op === "moveTo" || op === "lineTo") cur.push({ x: x!, y: y! });
      else if (op === "fillPath") out.push(cur);
    }
    return out;
  }
  /** Every path that was stroked and not filled (segments, radius lines). */
  strokedOnly(): { x: number; y: number }[][] {
    const out: { x: number; y: number }[][] = [];
    let cur: { x: number; y: number }[] = [];
    let filled = false;
    for (const [op, x, y] of this.ops) {
      if (op === "beginPath") {
        cur = [];
        filled = false;
      } else if (op === "moveTo" || op === "lineTo") cur.push({ x: x!, y: y! });
      else if (op === "fillPath") filled = true;
      else if (op === "strokePath" && !filled) out.push(cur);
    }
    return out;
  }
  circles(): { x: number; y: number; r: number }[] {
    return this.ops.filter((o) => o[0] === "fillCircle").map(([, x, y, r]) => ({ x: x!, y: y!, r: r! }));
  }
}

class FakeScene {
  made: FakeGraphics[] = [];
  add = {
    graphics: () => {
      const g = new FakeGraphics();
      this.made.push(g);
      return g;
    },
  };
}

const PPM = 32;
const view = new PhaserView({ pixelsPerMetre: PPM, top: 10, left: -2 });

/** Distance from p to the segment ab. */
function segmentDistance(p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const l2 = dx * dx + dy * dy;
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

function expectPoints(got: { x: number; y: number }[], want: { x: number; y: number }[]): void {
  expect(got.length).toBe(want.length);
  got.forEach((p, i) => {
    expect(p.x).toBeCloseTo(want[i]!.x, 9);
    expect(p.y).toBeCloseTo(want[i]!.y, 9);
  });
}

describe("PhaserView", () => {
  it("maps metres (y up) to scene pixels (y down) by its closed form, and back", () => {
    expect(view.toScene({ x: 1, y: 4 })).toEqual({ x: (1 + 2) * PPM, y: (10 - 4) * PPM });
    expect(view.sceneX(-2)).toBe(0);
    expect(view.sceneY(10)).toBe(0);
    expect(view.rotation(0.25)).toBe(-0.25);
    expect(view.angle(view.rotation(0.7))).toBe(0.7);
    expect(view.pixels(2)).toBe(64);
    expect(view.metres(64)).toBe(2);
    fc.assert(
      fc.property(fc.double({ min: -1e4, max: 1e4, noNaN: true }), fc.double({ min: -1e4, max: 1e4, noNaN: true }), (x, y) => {
        const p = view.toWorld(view.sceneX(x), view.sceneY(y));
        return Math.abs(p.x - x) <= 1e-9 * (1 + Math.abs(x)) && Math.abs(p.y - y) <= 1e-9 * (1 + Math.abs(y));
      }),
    );
  });

  it("refuses a bad scale or offset, naming it", () => {
    expect(() => new PhaserView({ pixelsPerMetre: 0 })).toThrow(/pixelsPerMetre must be > 0/);
    expect(() => new PhaserView({ pixelsPerMetre: 10, top: NaN })).toThrow(RangeError);
    expect(() => new PhaserView({ pixelsPerMetre: 10, top: 1, flip: true } as never)).toThrow(/flip/);
  });
});

/** A world with every shape kind, turned, at rest (no gravity). */
function everyKind(): { world: World; bodies: Record<string, Body> } {
  const world = new World({ gravity: { x: 0, y: 0 } });
  const bodies = {
    circle: world.add(new Circle({ position: { x: 1, y: 2 }, radius: 0.5, angle: 0.3 })),
    capsule: world.add(new Capsule({ position: { x: 3, y: 2 }, halfLength: 0.6, radius: 0.25, angle: 0.4 })),
    aabb: world.add(new AABB({ position: { x: 5, y: 1 }, halfWidth: 0.7, halfHeight: 0.3, type: "static" })),
    box: world.add(new Box({ position: { x: 0, y: 5 }, halfWidth: 0.5, halfHeight: 0.25, angle: 0.6 })),
    polygon: world.add(new Polygon({ position: { x: 2, y: 5 }, angle: -0.2, vertices: [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0.2, y: 0.9 }] })),
    segment: world.add(new Segment({ a: { x: -1, y: -1 }, b: { x: 4, y: -0.5 }, type: "static" })),
    rounded: world.add(new Box({ position: { x: 4, y: 5 }, halfWidth: 0.4, halfHeight: 0.3, radius: 0.1, angle: 0.2 })),
    compound: world.add(
      new Compound({
        position: { x: 7, y: 4 },
        angle: 0.5,
        shapes: [
          { shape: "box", halfWidth: 0.5, halfHeight: 0.2, offset: { x: 0.3, y: 0 }, angle: 0.1 },
          { shape: "circle", radius: 0.3, offset: { x: -0.6, y: 0.2 } },
          { shape: "capsule", halfLength: 0.3, radius: 0.1, offset: { x: 0, y: 0.6 }, angle: 1.2 },
        ],
      }),
    ),
  };
  return { world, bodies };
}

describe("PhaserDebugDraw: every shape kind where the body is", () => {
  const one = (body: Body) => {
    const g = new FakeGraphics();
    new PhaserDebugDraw(g, { view }).draw({ bodies: [body] }, 1);
    return g;
  };

  it("boxes, polygons, AABBs and segments: their world vertices through the view", () => {
    const { bodies } = everyKind();
    for (const name of ["aabb", "box", "polygon"]) {
      const b = bodies[name]!;
      const want = b.shapes[0]!.getWorldVertices().map((p) => view.toScene(p));
      const paths = one(b).filledPaths();
      expect(paths.length, name).toBe(1);
      expectPoints(paths[0]!, want);
    }
    const seg = bodies.segment!;
    const lines = one(seg).strokedOnly();
    expectPoints(lines[0]!, seg.shapes[0]!.getWorldVertices().map((p) => view.toScene(p)));
  });

  it("a circle: its centre and radius in pixels, a radius line along its angle", () => {
    const c = everyKind().bodies.circle!;
    const g = one(c);
    const [disc] = g.circles();
    expect(disc!.x).toBeCloseTo(view.sceneX(1), 9);
    expect(disc!.y).toBeCloseTo(view.sceneY(2), 9);
    expect(disc!.r).toBeCloseTo(0.5 * PPM, 9);
    const [line] = g.strokedOnly();
    expect(line![1]!.x).toBeCloseTo(view.sceneX(1 + 0.5 * Math.cos(0.3)), 9);
    expect(line![1]!.y).toBeCloseTo(view.sceneY(2 + 0.5 * Math.sin(0.3)), 9);
  });

  it("a capsule: every outline point one radius from its segment, the segment's ends on the outline's axis", () => {
    const cap = everyKind().bodies.capsule!;
    const [outline] = one(cap).filledPaths();
    const e = { x: 0.6 * Math.cos(0.4), y: 0.6 * Math.sin(0.4) };
    const a = view.toScene({ x: 3 - e.x, y: 2 - e.y });
    const b = view.toScene({ x: 3 + e.x, y: 2 + e.y });
    expect(outline!.length).toBe(18);
    for (const p of outline!) expect(segmentDistance(p, a, b)).toBeCloseTo(0.25 * PPM, 9);
    // the farthest points are the caps' tips, along the axis
    const tip = outline!.reduce((m, p) => (Math.hypot(p.x - a.x, p.y - a.y) > Math.hypot(m.x - a.x, m.y - a.y) ? p : m));
    const far = view.toScene({ x: 3 + e.x + 0.25 * Math.cos(0.4), y: 2 + e.y + 0.25 * Math.sin(0.4) });
    expect(tip.x).toBeCloseTo(far.x, 9);
    expect(tip.y).toBeCloseTo(far.y, 9);
  });

  it("a rounded box: every outline point one rounding radius outside its core polygon", () => {
    const r = everyKind().bodies.rounded!;
    const core = r.shapes[0]!.getWorldVertices().map((p) => view.toScene(p));
    const [outline] = one(r).filledPaths();
    expect(outline!.length).toBe(12);
    for (const p of outline!) {
      const d = Math.min(...core.map((v, i) => segmentDistance(p, v, core[(i + 1) % core.length]!)));
      expect(d).toBeCloseTo(0.1 * PPM, 9);
    }
  });

  it("a compound: each part where its shape is (box vertices, circle centre, capsule axis)", () => {
    const comp = everyKind().bodies.compound!;
    const [box, circle, capsule] = comp.shapes;
    const g = one(comp);
    const paths = g.filledPaths();
    expect(paths.length).toBe(2); // the box and the capsule (the circle is a fillCircle)
    expectPoints(paths[0]!, box!.getWorldVertices().map((p) => view.toScene(p)));
    // the circle part's centre: the body's origin plus its offset, turned by the body's angle
    const c = Math.cos(0.5);
    const s = Math.sin(0.5);
    const at = (o: { x: number; y: number }) => view.toScene({ x: 7 + c * o.x - s * o.y, y: 4 + s * o.x + c * o.y });
    const [disc] = g.circles();
    expect(disc!.x).toBeCloseTo(at(circle!.offset).x, 9);
    expect(disc!.y).toBeCloseTo(at(circle!.offset).y, 9);
    expect(disc!.r).toBeCloseTo(0.3 * PPM, 9);
    const ca = Math.cos(1.2);
    const sa = Math.sin(1.2);
    const end1 = at({ x: -0.3 * ca, y: 0.6 - 0.3 * sa });
    const end2 = at({ x: 0.3 * ca, y: 0.6 + 0.3 * sa });
    for (const p of paths[1]!) expect(segmentDistance(p, end1, end2)).toBeCloseTo(0.1 * PPM, 9);
  });

  it("draws every body of a world of all kinds, each in its style, and the contacts when asked", () => {
    const { world, bodies } = everyKind();
    const g = new FakeGraphics();
    const styled: Body[] = [];
    new PhaserDebugDraw<Body>(g, { view, style: (b) => (styled.push(b), { fill: 0x123456, stroke: null }) }).draw(world, 1);
    expect(styled).toEqual(world.bodies);
    expect(g.filledPaths().length + g.circles().length).toBe(Object.keys(bodies).length - 1 + 2); // the segment is stroked; the compound has 3 parts
    expect(() => new PhaserDebugDraw(g, { view, colour: 1 } as never)).toThrow(/colour/);
    expect(() => new PhaserDebugDraw({} as never, { view })).toThrow(/graphics must be a Phaser Graphics/);
    expect(() => new PhaserDebugDraw(g, { view }).draw(world, 2)).toThrow(/alpha/);
  });
});

describe("interpolation from world.advance()'s alpha", () => {
  it("draws and places a body moving at constant velocity at x0 + alpha·v·dt", () => {
    const world = new World({ gravity: { x: 0, y: 0 }, fixedDt: 1 / 60 });
    const ball = world.add(new Circle({ position: { x: 0, y: 3 }, radius: 0.5, velocity: { x: 6, y: -3 } }));
    const alpha = world.advance(1.5 / 60); // one step, half way to the next
    expect(alpha).toBeCloseTo(0.5, 12);
    const x0 = 0;
    const y0 = 3;
    const x1 = ball.position.x;
    const y1 = ball.position.y;
    expect(x1).toBeCloseTo(6 / 60, 12);
    const g = new FakeGraphics();
    new PhaserDebugDraw(g, { view }).draw(world, alpha);
    const [disc] = g.circles();
    expect(disc!.x).toBeCloseTo(view.sceneX(x0 + alpha * (x1 - x0)), 9);
    expect(disc!.y).toBeCloseTo(view.sceneY(y0 + alpha * (y1 - y0)), 9);

    const scene = new FakeScene();
    const sprites = new BodySprites(scene, { view });
    sprites.sync(world, alpha);
    const o = sprites.objectOf(ball)!;
    expect(o.x).toBeCloseTo(view.sceneX(x0 + alpha * (x1 - x0)), 9);
    expect(o.y).toBeCloseTo(view.sceneY(y0 + alpha * (y1 - y0)), 9);
    sprites.sync(world, 0);
    expect(o.x).toBeCloseTo(view.sceneX(x0), 12);
    sprites.sync(world, 1);
    expect(o.x).toBeCloseTo(view.sceneX(x1), 12);
  });

  it("turns an object by minus the interpolated angle", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const box = world.add(new Box({ halfWidth: 1, halfHeight: 0.5, angularVelocity: 3 }));
    world.step(1 / 60);
    const sprites = new BodySprites(new FakeScene(), { view });
    sprites.sync(world, 1);
    expect(sprites.objectOf(box)!.rotation).toBeCloseTo(-box.angle, 12);
    sprites.sync(world, 0.5);
    expect(sprites.objectOf(box)!.rotation).toBeCloseTo(-box.angle / 2, 9);
  });
});

describe("BodySprites", () => {
  it("makes one Graphics per body, its shapes drawn in the body's frame (pixels, y down)", () => {
    const { world, bodies } = everyKind();
    const scene = new FakeScene();
    const sprites = new BodySprites(scene, { view, depth: (b) => (b === bodies.box ? 3 : 0) });
    sprites.sync(world, 1);
    expect(scene.made.length).toBe(world.bodies.length);
    const g = sprites.objectOf(bodies.box!) as unknown as FakeGraphics;
    expect(g.depth).toBe(3);
    const local = bodies.box!.shapes[0]!.vertices.map((v) => ({ x: v.x * PPM, y: -v.y * PPM }));
    expectPoints(g.filledPaths()[0]!, local);
    expect(g.x).toBeCloseTo(view.sceneX(0), 12);
    expect(g.y).toBeCloseTo(view.sceneY(5), 12);
    expect(g.rotation).toBeCloseTo(-0.6, 12);
    // a polygon whose centroid is not its origin: the object sits at the origin (position), its vertices as given
    const poly = sprites.objectOf(bodies.polygon!) as unknown as FakeGraphics;
    expect(poly.x).toBeCloseTo(view.sceneX(2), 12);
    expect(poly.y).toBeCloseTo(view.sceneY(5), 12);
    expectPoints(poly.filledPaths()[0]!, [{ x: 0, y: 0 }, { x: PPM, y: 0 }, { x: 0.2 * PPM, y: -0.9 * PPM }]);
    // the drawing is made once: a second sync makes no new object and does not redraw
    const ops = g.ops.length;
    sprites.sync(world, 1);
    expect(scene.made.length).toBe(world.bodies.length);
    expect(g.ops.length).toBe(ops);
  });

  it("destroys the objects of removed bodies; attached objects follow with their offset", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const a = world.add(new Circle({ position: { x: 1, y: 1 }, radius: 0.5 }));
    const b = world.add(new Capsule({ position: { x: 2, y: 3 }, halfLength: 0.5, radius: 0.2, angle: Math.PI / 2 }));
    const scene = new FakeScene();
    const sprites = new BodySprites(scene, { view });
    const sprite = { x: 0, y: 0, rotation: 0, destroyed: false, destroy() { this.destroyed = true; } };
    sprites.attach(b, sprite, { x: 0.5, y: 0 }, 0.1);
    sprites.sync(world, 1);
    expect(scene.made.length).toBe(1); // only a's: b has the sprite
    // offset (0.5, 0) in b's frame, turned a quarter: (0, 0.5) in the world
    expect(sprite.x).toBeCloseTo(view.sceneX(2), 9);
    expect(sprite.y).toBeCloseTo(view.sceneY(3.5), 9);
    expect(sprite.rotation).toBeCloseTo(-(Math.PI / 2 + 0.1), 12);
    const ga = sprites.objectOf(a) as unknown as FakeGraphics;
    world.remove(a);
    world.remove(b);
    sprites.sync(world, 1);
    expect(ga.destroyed).toBe(true);
    expect(sprite.destroyed).toBe(true);
    expect(sprites.objectOf(a)).toBeUndefined();
  });

  it("keepRemoved keeps attached objects; create and filter choose the objects", () => {
    const world = new World({ gravity: { x: 0, y: 0 } });
    const a = world.add(new Circle({ radius: 0.5, label: "skip" }));
    const b = world.add(new Circle({ radius: 0.5 }));
    const made: Body[] = [];
    const sprites = new BodySprites<Body>(null as never, {
      view,
      keepRemoved: true,
      filter: (x) => x.label !== "skip",
      create: (x) => (made.push(x), { x: 0, y: 0, rotation: 0, destroy() {} }),
    });
    sprites.sync(world, 1);
    expect(made).toEqual([b]);
    expect(sprites.objectOf(a)).toBeUndefined();
    const kept = { x: 0, y: 0, rotation: 0, destroyed: false, destroy() { this.destroyed = true; } };
    sprites.attach(a, kept);
    world.remove(a);
    sprites.sync(world, 1);
    expect(kept.destroyed).toBe(false);
    expect(sprites.detach(a)).toBe(kept);
    expect(() => new BodySprites(null as never, { view })).toThrow(/scene must be a Phaser scene/);
    expect(() => sprites.attach(b, {} as never)).toThrow(/object must be a Phaser game object/);
  });

  it("a followed camera is centred on its body's interpolated position (plus the offset)", () => {
    const world = new World({ gravity: { x: 0, y: 0 }, fixedDt: 1 / 60 });
    const p = world.add(new Circle({ position: { x: 4, y: 2 }, radius: 0.5, velocity: { x: 6, y: 0 } }));
    const sprites = new BodySprites(new FakeScene(), { view });
    const centred: number[][] = [];
    sprites.follow({ centerOn: (x, y) => centred.push([x, y]) }, p, { x: 2, y: 1 });
    const alpha = world.advance(1.25 / 60);
    sprites.sync(world, alpha);
    expect(centred[0]![0]).toBeCloseTo(view.sceneX(4 + 0.25 * 0.1 + 2), 9);
    expect(centred[0]![1]).toBeCloseTo(view.sceneY(2 + 1), 9);
    expect(sprites.objectOf(p)!.x).toBeCloseTo(view.sceneX(4 + 0.25 * 0.1), 9);
  });
});

describe("tiledFlags: the inverse of Phaser's reading of Tiled's gid flags", () => {
  it("gives back every one of the 8 flag combinations Phaser parsed", () => {
    for (let bits = 0; bits < 8; bits++) {
      const flags = ((bits & 4 ? 0x80000000 : 0) | (bits & 2 ? 0x40000000 : 0) | (bits & 1 ? 0x20000000 : 0)) >>> 0;
      const parsed = ParseGID((flags | 7) >>> 0);
      expect(parsed.gid).toBe(7);
      expect(tiledFlags(parsed.flipped, false, parsed.rotation)).toBe(flags);
    }
  });

  it("flipY is flipX and a half turn; a turn that is not a quarter is refused", () => {
    for (const r of [0, Math.PI / 2, Math.PI, (3 * Math.PI) / 2, -Math.PI / 2, 2 * Math.PI]) {
      for (const fx of [false, true]) expect(tiledFlags(fx, true, r)).toBe(tiledFlags(!fx, false, r + Math.PI));
    }
    expect(tiledFlags(false, false, -Math.PI / 2)).toBe(tiledFlags(false, false, (3 * Math.PI) / 2));
    expect(() => tiledFlags(false, false, 0.3, "tile.rotation")).toThrow(/tile.rotation must be a multiple of π\/2/);
  });
});

/** A Tiled map: whole tiles (1), a one-way tile (2), a slope (3, a polygon collision shape) flipped, a half tile (4). */
function tiledMap() {
  const H = 0x80000000;
  const D = 0x20000000;
  // prettier-ignore
  const data = [
    0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 2, 2, 2, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 4, 4,
    3, 0, 0, 0, 0, (3 | H) >>> 0, 1, 1,
    1, 1, 1, 1, 1, 1, 1, (3 | D) >>> 0,
  ];
  return {
    type: "map",
    version: "1.10",
    tiledversion: "1.10.2",
    orientation: "orthogonal",
    renderorder: "right-down",
    infinite: false,
    width: 8,
    height: 5,
    tilewidth: 16,
    tileheight: 16,
    layers: [{ type: "tilelayer", name: "Ground", width: 8, height: 5, x: 0, y: 0, visible: true, opacity: 1, data }],
    tilesets: [
      {
        firstgid: 1,
        name: "tiles",
        tilewidth: 16,
        tileheight: 16,
        tilecount: 4,
        columns: 4,
        image: "tiles.png",
        imagewidth: 64,
        imageheight: 16,
        margin: 0,
        spacing: 0,
        tiles: [
          { id: 0, properties: [{ name: "collides", type: "bool", value: true }] },
          { id: 1, properties: [{ name: "collides", type: "bool", value: true }, { name: "oneWay", type: "bool", value: true }] },
          {
            id: 2,
            properties: [{ name: "collides", type: "bool", value: true }],
            objectgroup: { type: "objectgroup", name: "", visible: true, opacity: 1, x: 0, y: 0, draworder: "index", objects: [{ id: 1, name: "", type: "", x: 0, y: 16, rotation: 0, visible: true, width: 0, height: 0, polygon: [{ x: 0, y: 0 }, { x: 16, y: 0 }, { x: 16, y: -16 }] }] },
          },
          {
            id: 3,
            properties: [{ name: "collides", type: "bool", value: false }],
            objectgroup: { type: "objectgroup", name: "", visible: true, opacity: 1, x: 0, y: 0, draworder: "index", objects: [{ id: 1, name: "", type: "", x: 0, y: 8, rotation: 0, visible: true, width: 16, height: 8 }] },
          },
        ],
      },
    ],
  };
}

/** The map's layer as Phaser holds it: Tiles from its gids (ParseGID) and its tileset (ParseTilesets), collision flags from `collides`. */
function phaserLayer(map: ReturnType<typeof tiledMap>, x = 0, y = 0) {
  const [set] = ParseTilesets(JSON.parse(JSON.stringify(map))).tilesets;
  const L = map.layers[0]!;
  const rows: PhaserTileLike[][] = [];
  for (let r = 0; r < L.height; r++) {
    const row: PhaserTileLike[] = [];
    for (let c = 0; c < L.width; c++) {
      const info = ParseGID(L.data[r * L.width + c]!);
      if (info.gid === 0) {
        row.push({ index: -1 });
        continue;
      }
      const local = info.gid - set!.firstgid;
      const properties = { ...(set!.tileProperties?.[local] ?? {}) };
      const data = set!.tileData[local];
      row.push({
        index: info.gid,
        flipX: info.flipped,
        rotation: info.rotation,
        properties,
        collides: properties.collides === true,
        getCollisionGroup: () => (data?.objectgroup ?? null) as never,
        tileset: set!,
      });
    }
    rows.push(row);
  }
  return { x, y, layer: { name: L.name, width: L.width, height: L.height, tileWidth: 16, tileHeight: 16, data: rows } };
}

/** What a body is, for comparing two worlds' colliders. */
function describeBodies(bodies: readonly Body[]) {
  return bodies.map((b) => ({
    kind: b.shapes.map((s) => s.kind).join(","),
    vertices: b.shapes[0]!.getWorldVertices().map((p) => [+p.x.toFixed(9), +p.y.toFixed(9)]),
    oneWay: b.oneWay,
    type: b.type,
  }));
}

describe("addTilemapColliders", () => {
  it("builds what TileMap.fromTiled builds from the same map: whole tiles merged, one-way tiles, slopes flipped and turned", () => {
    const map = tiledMap();
    const ref = TileMap.fromTiled(new World(), map, { pixelsPerMetre: 16, collides: "collides", origin: { x: -2, y: 10 } });
    const world = new World();
    const got = addTilemapColliders(world, phaserLayer(map), { view: new PhaserView({ pixelsPerMetre: 16, top: 10, left: -2 }) });
    expect(got.warnings).toEqual([]);
    expect(world.bodies).toEqual(got.bodies);
    expect(describeBodies(got.bodies)).toEqual(describeBodies(ref.bodies));
    expect(got.bodies.some((b) => b.oneWay !== null)).toBe(true);
    expect(got.bodies.filter((b) => b.shapes[0]!.kind === "polygon").length).toBe(3);
    // collides: true takes the half tiles too (their property says false)
    const all = addTilemapColliders(new World(), phaserLayer(map), { view, collides: true });
    const allRef = TileMap.fromTiled(new World(), map, { pixelsPerMetre: PPM, origin: { x: -2, y: 10 } });
    expect(describeBodies(all.bodies)).toEqual(describeBodies(allRef.bodies));
  });

  it("puts the colliders under the layer where Phaser draws it (its x, y and scale)", () => {
    const map = tiledMap();
    const layer = { ...phaserLayer(map, 64, 32), scaleX: 2, scaleY: 2 };
    const got = addTilemapColliders(new World(), layer, { view: new PhaserView({ pixelsPerMetre: 32 }) });
    // a 16 px tile drawn at scale 2 is 32 scene pixels: 1 m; the layer's (64, 32) px is world (2, −1)
    const ref = TileMap.fromTiled(new World(), map, { pixelsPerMetre: 16, collides: "collides", origin: { x: 2, y: -1 } });
    expect(describeBodies(got.bodies)).toEqual(describeBodies(ref.bodies));
  });

  it("a property name picks the tiles; a layer nothing collides in is a warning, not a silent nothing", () => {
    const map = tiledMap();
    const layer = phaserLayer(map);
    for (const row of layer.layer.data) for (const t of row) t.collides = false;
    const none = addTilemapColliders(new World(), layer, { view });
    expect(none.bodies).toEqual([]);
    expect(none.warnings).toEqual([expect.stringMatching(/layer "Ground": no tile collides: Phaser's collision flags mark none/)]);
    const byProp = addTilemapColliders(new World(), layer, { view, collides: "oneWay" });
    expect(byProp.bodies.length).toBe(1);
    expect(byProp.bodies[0]!.oneWay).toEqual({ x: 0, y: 1 });
  });

  it("refuses a malformed layer naming the field, and leaves the world as it was", () => {
    const world = new World();
    const bad = phaserLayer(tiledMap());
    bad.layer.data[3]![5]!.rotation = 0.5;
    expect(() => addTilemapColliders(world, bad, { view })).toThrow(/layer.data\[3\]\[5\].rotation must be a multiple of π\/2/);
    const ragged = phaserLayer(tiledMap());
    (ragged.layer.data[2] as unknown[]).pop();
    expect(() => addTilemapColliders(world, ragged, { view })).toThrow(/layer.data\[2\] has 7 tiles, its width is 8/);
    expect(() => addTilemapColliders(world, { ...ragged, layer: { ...ragged.layer, width: 1e9 } }, { view })).toThrow(RangeError);
    expect(() => addTilemapColliders(world, phaserLayer(tiledMap()), { view, collides: 1 } as never)).toThrow(/collides must be true or a tile property name/);
    expect(() => addTilemapColliders(world, [], { view })).toThrow(/at least one/);
    expect(world.bodies).toEqual([]);
  });
});
