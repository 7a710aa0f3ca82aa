/**
 * Rollback netcode between two simulated players, free of the DOM (the page
 * draws it; test/rollback-netcode.test.ts runs it in Node).
 *
 * Each peer has its own World (the same arena) and a Recorder on it keeping
 * a binary snapshot after every frame. A tick of the session is one frame
 * for both peers:
 *
 * 1. each peer samples its local input, for frame `tick + localDelay`
 *    (input delay hides latency: an input used later has longer to arrive),
 *    and sends every input the other side has not acknowledged yet (so a
 *    lost packet's inputs come with the next one), with an acknowledgement
 *    of what it has received;
 * 2. the network delivers the packets sent `delay` ticks ago, except the
 *    `loss` % it drops (a seeded generator decides which: a run is
 *    reproducible);
 * 3. each peer takes the remote inputs that arrived. A frame already
 *    simulated with a remote input other than the real one (or with a
 *    prediction that the new inputs change) is the rollback point: the
 *    world goes back to the frame before it (`recorder.rollback`) and the
 *    frames since are simulated again with what is known now (a rollback
 *    of depth `frame − point`);
 * 4. each peer simulates the new frame with its own input and the remote
 *    one, or, when that has not arrived, a prediction: the remote player's
 *    latest known input, repeated. It predicts at most `maxPrediction`
 *    frames past the last remote input it has (GGPO's prediction window,
 *    8 by default): beyond that it waits (a stall), and catches up, several
 *    frames in one tick, when the inputs come; so no rollback is ever deeper
 *    than the window;
 * 5. a frame is confirmed on a peer once every remote input up to it has
 *    arrived: no rollback can change it again. Its `stateHash()` is kept,
 *    and when both peers have confirmed a frame the session compares their
 *    hashes (a mismatch would be a desync: the count must stay 0), and
 *    steps a reference world, never rolled back, with the confirmed inputs.
 *
 * After confirming, each recorder forgets what came before the confirmed
 * frame (`recorder.trim`): memory stays bounded however long the session.
 */
import type { World } from "../../src/entries/capsule2d.js";
import { Recorder } from "../../src/entries/replay.js";
import { Random } from "../shared/random.js";
import { DT, applyInputs, buildArena } from "./arena.js";

/** The network and input settings (changeable while running). */
export interface NetcodeOptions {
  /** One-way network delay in frames: a packet sent at tick t arrives at tick t + delay. */
  delay: number;
  /** Packets lost, % (0–100). */
  loss: number;
  /** Local input delay in frames (GGPO's "frame delay"): an input sampled at tick t is used for frame t + localDelay. */
  localDelay: number;
  /**
   * How many frames a peer may run ahead of the last remote input it has,
   * predicting (default 8; 0: never predict, wait for every input).
   */
  maxPrediction?: number;
}

/** The prediction window when the options do not give one (GGPO's default). */
export const DEFAULT_MAX_PREDICTION = 8;

/** A packet: the sender's inputs for frames `first`, `first + 1`, ..., and the last frame of the receiver's inputs it holds. */
interface Packet {
  to: 0 | 1;
  deliverAt: number;
  first: number;
  inputs: number[];
  ack: number;
}

/** The simulated network: a queue of packets in flight, some dropped. */
export class Network {
  private readonly inFlight: Packet[] = [];
  private readonly rng: Random;
  /** Packets sent and lost so far. */
  sent = 0;
  lost = 0;

  constructor(seed: number) {
    this.rng = new Random(seed);
  }

  /** Send `packet` at tick `now`: it arrives at `now + delay`, unless it is lost. */
  send(packet: Omit<Packet, "deliverAt">, now: number, options: NetcodeOptions): void {
    this.sent++;
    if (this.rng.next() * 100 < options.loss) {
      this.lost++;
      return;
    }
    this.inFlight.push({ ...packet, deliverAt: now + options.delay });
  }

  /** The packets for peer `to` due by tick `now`, in the order they were sent. */
  receive(to: 0 | 1, now: number): Packet[] {
    const out: Packet[] = [];
    let kept = 0;
    for (const p of this.inFlight) {
      if (p.to === to && p.deliverAt <= now) out.push(p);
      else this.inFlight[kept++] = p;
    }
    this.inFlight.length = kept;
    return out;
  }
}

/** One player's machine: its world, its recorder, the inputs it knows and its rollback statistics. */
export class Peer {
  readonly recorder: Recorder;
  /** Ids of the two player bodies. */
  readonly players: [number, number];
  /** Its own inputs by frame (index = frame; frames 1..localDelay are 0). */
  readonly local: number[] = [0];
  /** The remote player's inputs that have arrived, by frame (holes for those still in flight). */
  readonly remote: number[] = [0];
  /** The remote input each simulated frame used (the real one or a prediction). */
  readonly used: number[] = [0];
  /** Every remote input up to this frame has arrived. */
  remoteKnown = 0;
  /** The last frame of its own inputs the remote has acknowledged. */
  acked = 0;
  /** Frames up to here are final (both inputs known and simulated). */
  confirmed = 0;
  /** Rollbacks so far, the depth (frames re-simulated) of the last and the deepest, and frames re-simulated in all. */
  rollbacks = 0;
  lastDepth = 0;
  maxDepth = 0;
  resimulated = 0;
  /** Ticks at which the peer could not reach the current frame: the prediction window was full. */
  stalls = 0;
  /** `stateHash()` of confirmed frames the session has not compared yet. */
  readonly confirmedHashes = new Map<number, string>();

  constructor(readonly index: 0 | 1) {
    const { world, players } = buildArena();
    this.players = players;
    // a snapshot after every frame: a rollback restores the frame it needs and re-simulates from there
    this.recorder = new Recorder(world, { snapshotInterval: 1, snapshotCapacity: 256 });
  }

  /** The peer's world now (a rollback replaces it with a rebuilt one). */
  get world(): World {
    return this.recorder.world;
  }

  /** The last frame simulated (the world's step count). */
  get frame(): number {
    return this.world.stepCount;
  }

  /** Is the remote player's input for `frame` a prediction (not arrived yet)? */
  isPredicted(frame: number): boolean {
    return this.remote[frame] === undefined;
  }

  /** The remote input to use for `frame`: the real one if it has arrived, else the latest one known before it. */
  remoteInputFor(frame: number): number {
    for (let f = frame; f > 0; f--) {
      const input = this.remote[f];
      if (input !== undefined) return input;
    }
    return 0;
  }

  /** Take the remote inputs of a packet; roll back if a simulated frame used anything else. */
  receive(packet: Packet): void {
    this.acked = Math.max(this.acked, packet.ack);
    for (let i = 0; i < packet.inputs.length; i++) {
      const f = packet.first + i;
      if (this.remote[f] === undefined) this.remote[f] = packet.inputs[i]!;
    }
    while (this.remote[this.remoteKnown + 1] !== undefined) this.remoteKnown++;
  }

  /** After receiving: the earliest simulated frame whose remote input would now be different, rolled back to and simulated again. */
  correct(): void {
    const now = this.frame;
    let from = 0;
    for (let f = this.confirmed + 1; f <= now; f++) {
      if (this.remoteInputFor(f) !== this.used[f]) {
        from = f;
        break;
      }
    }
    if (from === 0) return;
    this.recorder.rollback(from - 1);
    for (let f = from; f <= now; f++) this.simulate(f);
    const depth = now - from + 1;
    this.rollbacks++;
    this.lastDepth = depth;
    this.maxDepth = Math.max(this.maxDepth, depth);
    this.resimulated += depth;
  }

  /** Simulate frame `frame` (the next one) with the inputs known now. */
  simulate(frame: number): void {
    const remote = this.remoteInputFor(frame);
    this.used[frame] = remote;
    const local = this.local[frame] ?? 0;
    const world = this.world;
    this.recorder.input(this.index === 0 ? [local, remote] : [remote, local]);
    applyInputs(world, this.players, this.index === 0 ? [local, remote] : [remote, local]);
    world.step(DT);
  }

  /**
   * Simulate the frames up to `now` that the prediction window allows (none
   * past `maxPrediction` frames beyond the last remote input known); a peer
   * left behind `now` has stalled this tick.
   */
  advanceTo(now: number, maxPrediction: number): void {
    while (this.frame < now && this.frame + 1 - this.remoteKnown <= maxPrediction) this.simulate(this.frame + 1);
    if (this.frame < now) this.stalls++;
  }

  /** Frames newly final: keep their hashes, then let the recorder forget what came before. */
  confirm(): void {
    const upTo = Math.min(this.remoteKnown, this.frame);
    if (upTo <= this.confirmed) return;
    const recording = this.recorder.recording;
    for (let f = this.confirmed + 1; f <= upTo; f++) this.confirmedHashes.set(f, recording.hashAt(f));
    this.confirmed = upTo;
    this.recorder.trim(upTo);
  }
}

/** What the session shows: both peers' progress and the checks of the confirmed frames. */
export interface SessionStats {
  tick: number;
  frames: [number, number];
  confirmed: [number, number];
  rollbacks: [number, number];
  lastDepth: [number, number];
  maxDepth: [number, number];
  resimulated: [number, number];
  /** Ticks each peer waited because its prediction window was full. */
  stalls: [number, number];
  /** Frames both peers have confirmed, and compared. */
  checked: number;
  /** Confirmed frames where the two peers' hashes differ (a desync; must stay 0). */
  mismatches: number;
  /** Confirmed frames where a peer's hash differs from the reference world's (must stay 0). */
  referenceMismatches: number;
  /** The last frame both confirmed, with each peer's hash of it. */
  lastChecked: { frame: number; hashes: [string, string]; reference: string } | null;
  sent: number;
  lost: number;
}

/**
 * Two peers and the network between them. `tick(inputs)` runs one frame:
 * `inputs[i]` is what player `i` presses now (keys, or a bot).
 */
export class RollbackSession {
  readonly peers: [Peer, Peer] = [new Peer(0), new Peer(1)];
  readonly network: Network;
  /** A world stepped only with confirmed inputs (what an uninterrupted game with no network would give). */
  readonly reference: World;
  private readonly referencePlayers: [number, number];
  /** Both players' real inputs by frame (index = frame), as their own peers applied them. */
  readonly inputLog: [number, number][] = [[0, 0]];
  tick = 0;
  checked = 0;
  mismatches = 0;
  referenceMismatches = 0;
  lastChecked: SessionStats["lastChecked"] = null;

  constructor(
    readonly options: NetcodeOptions,
    seed = 1,
  ) {
    this.network = new Network(seed);
    const { world, players } = buildArena();
    this.reference = world;
    this.referencePlayers = players;
    checkOptions(options);
  }

  /** Change the delay, loss or local delay (a local delay applies to inputs sampled from now on). */
  setOptions(options: Partial<NetcodeOptions>): void {
    const next = { ...this.options, ...options };
    checkOptions(next);
    Object.assign(this.options, next);
  }

  /** One frame for both peers, with the players' inputs sampled now. */
  step(inputs: readonly [number, number]): void {
    const now = ++this.tick;
    const { network, peers, options } = this;
    for (const peer of peers) {
      const frame = now + options.localDelay;
      // frames skipped when the local delay grew keep the input before them
      const last = peer.local.length - 1;
      for (let f = last + 1; f <= frame; f++) peer.local[f] = f === frame ? inputs[peer.index]! : peer.local[last]!;
      const first = peer.acked + 1;
      network.send({ to: peer.index === 0 ? 1 : 0, first, inputs: peer.local.slice(first), ack: peer.remoteKnown }, now, options);
    }
    for (const peer of peers) {
      for (const packet of network.receive(peer.index, now)) peer.receive(packet);
      peer.correct();
      peer.advanceTo(now, options.maxPrediction ?? DEFAULT_MAX_PREDICTION);
      peer.confirm();
    }
    this.check();
  }

  /** Compare the frames both peers have confirmed, and step the reference world through them. */
  private check(): void {
    const [a, b] = this.peers;
    const upTo = Math.min(a.confirmed, b.confirmed);
    for (let f = this.checked + 1; f <= upTo; f++) {
      const ha = a.confirmedHashes.get(f)!;
      const hb = b.confirmedHashes.get(f)!;
      a.confirmedHashes.delete(f);
      b.confirmedHashes.delete(f);
      const input: [number, number] = [a.local[f]!, b.local[f]!];
      this.inputLog[f] = input;
      applyInputs(this.reference, this.referencePlayers, input);
      this.reference.step(DT);
      const hr = this.reference.stateHash();
      if (ha !== hb) this.mismatches++;
      if (ha !== hr || hb !== hr) this.referenceMismatches++;
      this.checked = f;
      this.lastChecked = { frame: f, hashes: [ha, hb], reference: hr };
    }
  }

  /** Numbers for the page and the tests. */
  stats(): SessionStats {
    const [a, b] = this.peers;
    return {
      tick: this.tick,
      frames: [a.frame, b.frame],
      confirmed: [a.confirmed, b.confirmed],
      rollbacks: [a.rollbacks, b.rollbacks],
      lastDepth: [a.lastDepth, b.lastDepth],
      maxDepth: [a.maxDepth, b.maxDepth],
      resimulated: [a.resimulated, b.resimulated],
      stalls: [a.stalls, b.stalls],
      checked: this.checked,
      mismatches: this.mismatches,
      referenceMismatches: this.referenceMismatches,
      lastChecked: this.lastChecked,
      sent: this.network.sent,
      lost: this.network.lost,
    };
  }
}

function checkOptions(o: NetcodeOptions): void {
  const int = (name: string, v: unknown, hi: number) => {
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > hi) {
      throw new RangeError(`options.${name} must be an integer from 0 to ${hi}, got ${String(v)}`);
    }
  };
  int("delay", o.delay, 60);
  int("localDelay", o.localDelay, 30);
  if (o.maxPrediction !== undefined) int("maxPrediction", o.maxPrediction, 60);
  if (typeof o.loss !== "number" || !(o.loss >= 0 && o.loss <= 100)) {
    throw new RangeError(`options.loss must be a percentage from 0 to 100, got ${String(o.loss)}`);
  }
}
