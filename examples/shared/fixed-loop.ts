/**
 * Real time in whole fixed steps, for pages that step their worlds
 * themselves (the replay and rollback pages): every animation frame, while
 * `running()`, the real time since the last frame is added up and `run(n)`
 * is called with the whole steps of `dt` it holds (at most `maxPerFrame`
 * steps' worth of time is counted per frame: on a slow machine the page runs
 * in slow motion instead of falling ever further behind).
 */
export class FixedStepLoop {
  private last = -1;
  private owed = 0;

  constructor(
    private readonly dt: number,
    private readonly maxPerFrame: number,
    private readonly running: () => boolean,
    private readonly run: (steps: number) => void,
  ) {
    requestAnimationFrame((t) => this.frame(t));
  }

  /** Start counting afresh (after a pause: the paused time is not owed). */
  restart(): void {
    this.last = -1;
    this.owed = 0;
  }

  private frame(time: number): void {
    requestAnimationFrame((t) => this.frame(t));
    if (!this.running()) {
      this.last = -1;
      return;
    }
    const elapsed = this.last < 0 ? this.dt : Math.min((time - this.last) / 1000, this.maxPerFrame * this.dt);
    this.last = time;
    this.owed += elapsed;
    const n = Math.floor(this.owed / this.dt);
    this.owed -= n * this.dt;
    if (n > 0) this.run(n);
  }
}
