/**
 * Property tests run from a fixed fast-check seed, so `npm test` (and CI)
 * gives the same verdict every time. To explore new random cases, run with
 * FC_SEED=random (or FC_SEED=<number> to replay one); fast-check prints the
 * seed of any failure.
 */
import fc from "fast-check";

// Binary snapshots are a world's own (the World of `capsule2d/binary`,
// `enableBinarySnapshots(world)`): nothing here enables them for every world,
// so each test file makes the worlds it snapshots in binary with them.

const env = process.env.FC_SEED;
if (env !== "random") {
  const seed = env === undefined ? 20261122 : Number(env);
  if (!Number.isInteger(seed)) throw new RangeError(`FC_SEED must be an integer or "random", got ${env}`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
}
