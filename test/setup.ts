/**
 * Property tests run from a fixed fast-check seed, so `npm test` (and CI)
 * gives the same verdict every time. To explore new random cases, run with
 * FC_SEED=random (or FC_SEED=<number> to replay one); fast-check prints the
 * seed of any failure.
 */
import fc from "fast-check";
import { enableBinarySnapshots } from "../src/entries/binary.js";

// Binary snapshots are an opt-in entry point (`capsule2d/binary`); the tests
// use them throughout, so every test file starts with them enabled
// (test/snapshot.test.ts checks the error without them).
enableBinarySnapshots();

const env = process.env.FC_SEED;
if (env !== "random") {
  const seed = env === undefined ? 20261122 : Number(env);
  if (!Number.isInteger(seed)) throw new RangeError(`FC_SEED must be an integer or "random", got ${env}`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
}
