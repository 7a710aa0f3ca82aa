// Types for bench/turning-scenes-data.mjs, as far as test/turning-scenes.test.ts and examples/ use them.
export interface Point {
  x: number;
  y: number;
}
export interface ShapeData {
  kind: "box" | "polygon" | "segment" | "circle";
  x?: number;
  y?: number;
  angle?: number;
  halfWidth?: number;
  halfHeight?: number;
  vertices?: Point[];
  a?: Point;
  b?: Point;
  radius?: number;
  velocity?: Point;
  friction?: number;
  density?: number;
  role?: "pillar" | "plank" | "polygon" | "ball";
}
export interface TurningScene {
  name: string;
  description: string;
  seconds: number;
  ground: ShapeData[];
  bodies: ShapeData[];
  impulses: { body: number; impulse: Point; point: Point }[];
  keystone?: number;
  height?: number;
}
export interface Measured {
  maxDrift: number;
  drift: number;
  turned: number;
  blocks: number;
  down: number;
  topY: number;
  sleepAt: number | null;
  keystoneSink?: number;
}
export const BALL_MASS: number;
export const BALL_SPEED: number;
export function cardHouse(): TurningScene;
export function arch(): TurningScene & { keystone: number };
export function doubleDomino(): TurningScene;
export function towerAndBall(): TurningScene & { height: number };
export function towerStanding(): TurningScene & { height: number };
export const TURNING_SCENES: Record<string, () => TurningScene>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function addScene(C: any, world: import("../src/entries/capsule2d.js").World, scene: TurningScene): import("../src/entries/capsule2d.js").Body[];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function buildCapsule2d(C: any, scene: TurningScene, worldOptions?: object): { world: import("../src/entries/capsule2d.js").World; bodies: import("../src/entries/capsule2d.js").Body[] };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function measureCapsule2d(C: any, scene: TurningScene, worldOptions?: object): Measured;
