// capsule2d/phaser: the Phaser adapter. It never imports Phaser: the scene,
// Graphics, cameras and tilemap layers it is given are duck-typed, so it
// works with Phaser 3 and 4, tree-shakes, and runs in Node with fakes.
/**
 * `capsule2d/phaser`: a capsule2d world drawn by Phaser. `PhaserView` holds
 * the scale (pixels per metre) and the y flip; `BodySprites` keeps a game
 * object on every body at its pose interpolated with the alpha from
 * `world.advance()` (a Graphics of its shapes, or a sprite the game
 * attaches), and moves a camera with a body; `PhaserDebugDraw` draws every
 * shape kind into one Graphics each frame; `addTilemapColliders` builds a
 * world's colliders from a Phaser `TilemapLayer` (collision flags or a
 * property, the tileset's collision shapes, flips) through `TileMap.fromTiled`.
 * `phaser` is an optional peer dependency: the game brings it.
 * See docs/phaser.md.
 * @module capsule2d/phaser
 */
export { PhaserView } from "../phaser/view.js";
export type { PhaserViewOptions } from "../phaser/view.js";
export { BodySprites } from "../phaser/sprites.js";
export type { BodySpritesOptions } from "../phaser/sprites.js";
export { PhaserDebugDraw } from "../phaser/debug.js";
export type { PhaserDebugDrawOptions, DebugWorld, DebugContact } from "../phaser/debug.js";
export { addTilemapColliders, tiledFlags } from "../phaser/tilemap.js";
export type { PhaserTileLike, PhaserLayerDataLike, PhaserTilemapLayerLike, TilemapCollidersOptions } from "../phaser/tilemap.js";
export { defaultStyle } from "../phaser/shapes.js";
export type { BodyLike, BodyStyle, CameraLike, GameObjectLike, GraphicsLike, GraphicsObjectLike, PointLike, PoseLike, SceneLike, ShapeLike } from "../phaser/types.js";
