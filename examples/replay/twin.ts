/**
 * A run made again from its inputs alone — the game-side replay: a fresh
 * scene, and before each step the kicks the recording holds for it
 * (`recording.inputsAt(step)`) applied again. With nothing changed that is
 * the same run, bit for bit. With `perturbFrom`, the first kick at or after
 * that step is changed in the 30th bit of its mantissa (about one part in a
 * billion): a twin that parts from the original there, for `verify` to find.
 */
import { Recorder, worldAt, type Recording } from "../../src/entries/replay.js";
import { DT, applyKick, asKick, buildScene } from "./scene.js";

/** Steps between the snapshots the page's recorders keep (scrubbing rebuilds a step from the nearest one). */
export const SNAPSHOT_INTERVAL = 10;
/** Snapshots kept: enough for 20 minutes at 60 steps a second. */
export const SNAPSHOT_CAPACITY = 7200;

/** A changed kick: the step it came before and the body it hit. */
export interface Perturbation {
  step: number;
  body: number;
}

/** Change `x` by about one part in a billion (its mantissa from bit 30 on), never to the same number. */
export function nudge(x: number): number {
  return x === 0 ? 1e-12 : x + Math.abs(x) * 2 ** -30;
}

/**
 * Make the run of `source` again from its inputs. Throws a TypeError if the
 * recording does not begin with this page's scene at step 0 or holds
 * inputs that are not kicks.
 */
export function rerecord(source: Recording, perturbFrom?: number): { recording: Recording; perturbed: Perturbation | null } {
  const world = buildScene();
  if (source.firstStep !== 0 || worldAt(source, 0).stateHash() !== world.stateHash()) {
    throw new TypeError("this recording does not begin with this page's scene at step 0: it cannot be made again from its inputs");
  }
  const recorder = new Recorder(world, { snapshotInterval: SNAPSHOT_INTERVAL, snapshotCapacity: SNAPSHOT_CAPACITY });
  let perturbed: Perturbation | null = null;
  for (let step = 1; step <= source.lastStep; step++) {
    for (const value of source.inputsAt(step)) {
      let kick = asKick(value);
      if (perturbed === null && perturbFrom !== undefined && step >= perturbFrom) {
        kick = { ...kick, ix: nudge(kick.ix) };
        perturbed = { step, body: kick.body };
      }
      recorder.input(kick);
      applyKick(world, kick);
    }
    world.step(DT);
  }
  recorder.detach();
  return { recording: recorder.recording, perturbed };
}
