/**
 * Narrowphase micro-benchmark: capsule2d's public `collide(a, b)` calls per
 * second, for each pair of shape kinds.
 *
 *   node bench/narrowphase.mjs [--ms 500] [--json]      (also run by `npm run bench`)
 *
 * For every pair kind, 1024 random pairs that touch are built first (sizes
 * from the benchmark scenes: circles r 0.25–0.5, capsules half-length 0.3–0.6
 * and radius 0.2–0.35 at a random angle, boxes half-extents 0.25–1; B placed
 * at random near A, kept only when `collide` finds contact). The timed loop
 * then cycles through those pairs for `ms` milliseconds, five times after one
 * warm-up round, and the median round is reported. Every call returns a
 * manifold (the pairs touch), so the cost includes building the returned
 * object; the world's own allocation-free path (`collideInto`) is cheaper.
 */
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { mulberry32 } from "./scenes.mjs";

const { values: args } = parseArgs({
  options: {
    ms: { type: "string", default: "500" },
    json: { type: "boolean", default: false },
  },
});

const PAIRS_PER_KIND = 1024;
const ROUNDS = 5;

/** dist/capsule2d.js, or the bundle named by CAPSULE2D_BUNDLE (as in engines/capsule2d-common.mjs). */
const BUNDLE = process.env.CAPSULE2D_BUNDLE
  ? pathToFileURL(process.env.CAPSULE2D_BUNDLE)
  : new URL("../dist/capsule2d.js", import.meta.url);

async function main() {
  const roundMs = Number(args.ms);
  if (!(roundMs > 0)) throw new RangeError(`--ms must be a positive number, got ${args.ms}`);
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE.pathname} is missing: run \`npm run build\` at the repository root`);
  const { Circle, Capsule, AABB, collide } = await import(BUNDLE.href);
  const rand = mulberry32(0xc011de);
  const uniform = (lo, hi) => lo + (hi - lo) * rand();

  const makers = {
    circle: (x, y) => new Circle({ position: { x, y }, radius: uniform(0.25, 0.5) }),
    capsule: (x, y) =>
      new Capsule({ position: { x, y }, angle: uniform(-Math.PI, Math.PI), halfLength: uniform(0.3, 0.6), radius: uniform(0.2, 0.35) }),
    box: (x, y) => new AABB({ position: { x, y }, halfWidth: uniform(0.25, 1), halfHeight: uniform(0.25, 1) }),
  };
  const kinds = [
    ["circle", "circle"],
    ["circle", "capsule"],
    ["capsule", "capsule"],
    ["circle", "box"],
    ["capsule", "box"],
    ["box", "box"],
  ];

  const results = [];
  for (const [ka, kb] of kinds) {
    const as = [];
    const bs = [];
    let tries = 0;
    while (as.length < PAIRS_PER_KIND) {
      if (++tries > 100 * PAIRS_PER_KIND) throw new Error(`could not find touching ${ka}–${kb} pairs`);
      const a = makers[ka](uniform(-10, 10), uniform(-10, 10));
      const b = makers[kb](a.position.x + uniform(-1.5, 1.5), a.position.y + uniform(-1.5, 1.5));
      if (collide(a, b) !== null) {
        as.push(a);
        bs.push(b);
      }
    }

    let sink = 0;
    const round = () => {
      let calls = 0;
      const start = process.hrtime.bigint();
      const limit = BigInt(Math.round(roundMs * 1e6));
      let elapsed = 0n;
      while (elapsed < limit) {
        for (let i = 0; i < PAIRS_PER_KIND; i++) {
          const m = collide(as[i], bs[i]);
          sink += m.depth;
        }
        calls += PAIRS_PER_KIND;
        elapsed = process.hrtime.bigint() - start;
      }
      return calls / (Number(elapsed) / 1e9);
    };
    round(); // warm-up: let the JIT compile the loop and the pair function
    const rates = [];
    for (let r = 0; r < ROUNDS; r++) rates.push(round());
    rates.sort((x, y) => x - y);
    if (!Number.isFinite(sink)) throw new Error(`non-finite depth from ${ka}–${kb}`);
    results.push({ pair: `${ka}–${kb}`, callsPerSecond: rates[Math.floor(ROUNDS / 2)], rounds: rates });
  }
  return {
    description:
      `${PAIRS_PER_KIND} random touching pairs per kind, cycled for ${roundMs} ms per round; median of ${ROUNDS} rounds after one warm-up round. ` +
      "The public collide() builds and returns a manifold object on every call.",
    pairs: results,
  };
}

let result;
try {
  result = await main();
} catch (err) {
  result = { error: String(err && err.stack ? err.stack : err) };
}
if (args.json) {
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
} else if (result.error) {
  console.error(result.error);
} else {
  console.log(result.description);
  for (const r of result.pairs) {
    console.log(`${r.pair.padEnd(18)} ${(r.callsPerSecond / 1e6).toFixed(2).padStart(7)} M calls/s  ${(1e9 / r.callsPerSecond).toFixed(1).padStart(7)} ns/call`);
  }
}
process.exitCode = result.error ? 1 : 0;
