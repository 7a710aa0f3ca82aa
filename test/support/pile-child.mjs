/**
 * Run by test/pile.test.ts in a child Node process (with --expose-gc and
 * --allow-natives-syntax): N circles added at one point (every pair overlaps,
 * N (N − 1) / 2 contacts), one step, from capsule2d's built modules. Prints
 * one JSON line: the contacts made and alive at the end, the memory the
 * step left behind per contact made
 * (the JS heap, which the collector traces, and the typed arrays' buffers,
 * both after a full collection), and the arrays reachable from the world
 * that V8 keeps as dictionaries (hash tables: each read a lookup).
 *
 *   node --expose-gc --allow-natives-syntax test/support/pile-child.mjs <dist/capsule2d.js> <N>
 */
import { pathToFileURL } from "node:url";

const [bundle, count] = process.argv.slice(2);
const n = Number(count);
const { World, Circle, AABB } = await import(pathToFileURL(bundle).href);

// %-natives are not JavaScript to other tools: compiled here, where the flag allows them
const isDictionary = new Function("a", "return %HasDictionaryElements(a)");

const world = new World({ sleeping: false });
world.add(AABB.fromBounds({ x: -50, y: -1 }, { x: 50, y: 0 }, { type: "static" }));
for (let i = 0; i < n; i++) world.add(new Circle({ position: { x: 0, y: 5 }, radius: 0.5 }));
gc();
gc();
const before = process.memoryUsage();
world.step(1 / 60);
gc();
gc();
const after = process.memoryUsage();
// every pair got a contact in the step (a few have parted again by its end, their contacts pooled)
const made = (n * (n - 1)) / 2;
const contacts = world.contactManager.size;

/** Every array reachable from the world through object fields (an array's elements: the first few only), in dictionary mode. */
function dictionaries(root) {
  const seen = new Set();
  const found = [];
  const walk = (value, path, depth) => {
    if (value === null || typeof value !== "object" || seen.has(value) || depth > 8) return;
    seen.add(value);
    if (ArrayBuffer.isView(value)) return;
    if (Array.isArray(value)) {
      if (isDictionary(value)) found.push(`${path} (length ${value.length})`);
      for (let i = 0; i < value.length && i < 4; i++) walk(value[i], `${path}[${i}]`, depth + 1);
      return;
    }
    for (const key of Object.keys(value)) walk(value[key], `${path}.${key}`, depth + 1);
  };
  walk(root, "world", 0);
  return found;
}

process.stdout.write(
  JSON.stringify({
    made,
    contacts,
    heapPerContact: (after.heapUsed - before.heapUsed) / made,
    buffersPerContact: (after.arrayBuffers - before.arrayBuffers) / made,
    dictionaries: dictionaries(world),
  }) + "\n",
);
