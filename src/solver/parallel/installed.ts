/**
 * The parallel solve is not part of the core: `enableSolverThreads()` from
 * `capsule2d/threads` installs it here, so a game that never asks for solver
 * threads does not ship the workers' code (about 4 kB min+gzip). `World`
 * asks for it when `solverThreads` is 2 or more.
 */
import type { ContactConstraints } from "../contact-solver.js";
import type { GraphColouring } from "../graph-colour.js";
import type { SolverBodies } from "../solver-bodies.js";
import type { SolverThreads } from "./solver-threads.js";

/** What `enableSolverThreads()` installs. */
export interface SolverThreadsModule {
  /** Can this environment run `threads` solver threads? Throws a RangeError naming what is missing. */
  check(threads: number): void;
  /** The workers for a world's contact passes (`workers` besides the calling thread). */
  create(failed: (worker: number, message: string) => Error, cc: ContactConstraints, bodies: SolverBodies, colouring: GraphColouring, workers: number): SolverThreads;
}

let installed: SolverThreadsModule | null = null;

/** Install (or, with null, remove) the parallel solve; `capsule2d/threads` calls it. */
export function setSolverThreads(module: SolverThreadsModule | null): void {
  installed = module;
}

/** The installed parallel solve, or a TypeError that says how to install it. */
export function solverThreadsModule(threads: number): SolverThreadsModule {
  if (installed === null) {
    throw new TypeError(
      `capsule2d: solverThreads ${threads} solves on workers from "capsule2d/threads": import { enableSolverThreads } from "capsule2d/threads" and call enableSolverThreads() once before making the world`,
    );
  }
  return installed;
}
