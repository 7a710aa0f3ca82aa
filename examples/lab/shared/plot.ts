/**
 * A live time-series plot for the lab pages, on uPlot (a dev dependency of
 * the examples only; the engine itself has no dependency on it).
 *
 * Usage:
 *   const plot = new LivePlot(element, { title: "Total energy", unit: "J",
 *     series: [{ label: "explicit Euler", color: "#d33" }, ...] });
 *   plot.push(t, [e0, e1, e2]);   // once per step (cheap: appends to arrays)
 *   plot.redraw();                // once per animation frame
 *   plot.clear();                 // when the scene starts over
 *
 * The samples stay in plain arrays (`plot.times`, `plot.values[i]`) so tests
 * and other code can read exactly what is drawn.
 */
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface SeriesSpec {
  label: string;
  color: string;
  /** Dashed line (used for reference curves such as the exact solution). */
  dash?: boolean;
}

export interface LivePlotOptions {
  title: string;
  /** Shown on the y axis. */
  unit: string;
  series: SeriesSpec[];
  /** Keep at most this many samples (oldest dropped first; default 4000). */
  maxSamples?: number;
  /** Plot height in CSS pixels (default 200). */
  height?: number;
  /**
   * A logarithmic y axis (base 10) reaching down to at least `floor` (for
   * values over several decades); values at or below `floor` sit on the
   * bottom edge. The samples in `values` stay as pushed.
   */
  log?: { floor: number };
}

export class LivePlot {
  readonly times: number[] = [];
  readonly values: number[][];
  private readonly chart: uPlot;
  private readonly maxSamples: number;
  private readonly element: HTMLElement;
  private readonly resizeObserver: ResizeObserver;
  private dirty = false;
  private lastRedraw = -Infinity;
  /** Milliseconds between redraws (default 100). */
  minInterval = 100;

  constructor(element: HTMLElement, options: LivePlotOptions) {
    this.element = element;
    this.maxSamples = options.maxSamples ?? 4000;
    this.values = options.series.map(() => []);
    const opts: uPlot.Options = {
      title: options.title,
      width: Math.max(200, element.clientWidth),
      height: options.height ?? 200,
      scales: {
        x: { time: false },
        ...(options.log
          ? {
              y: {
                distr: 3,
                log: 10,
                range: (_u: uPlot, min: number, max: number) => {
                  const floor = options.log!.floor;
                  return uPlot.rangeLog(Math.max(floor, min), Math.max(10 * floor, max), 10, true);
                },
              },
            }
          : {}),
      },
      axes: [
        { label: "simulated time (s)", stroke: "#333", grid: { stroke: "#e4e4e4" }, ticks: { stroke: "#ccc" } },
        { label: options.unit, stroke: "#333", grid: { stroke: "#e4e4e4" }, ticks: { stroke: "#ccc" }, size: 70 },
      ],
      series: [
        { label: "t (s)", value: (_u, v) => (v == null ? "-" : v.toFixed(2)) },
        ...options.series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          ...(s.dash ? { dash: [6, 4] } : {}),
          value: (_u: uPlot, v: number | null) => (v == null ? "-" : formatValue(v)),
        })),
      ],
      legend: { live: false },
      cursor: { drag: { x: false, y: false } },
    };
    this.chart = new uPlot(opts, [this.times, ...this.values], element);
    this.resizeObserver = new ResizeObserver(() =>
      this.chart.setSize({ width: Math.max(200, element.clientWidth), height: opts.height }),
    );
    this.resizeObserver.observe(element);
  }

  /** Append one sample: the time and one value per series. */
  push(t: number, values: readonly number[]): void {
    this.times.push(t);
    for (let i = 0; i < this.values.length; i++) this.values[i]!.push(values[i] ?? NaN);
    if (this.times.length > this.maxSamples) {
      const drop = this.times.length - this.maxSamples;
      this.times.splice(0, drop);
      for (const v of this.values) v.splice(0, drop);
    }
    this.dirty = true;
  }

  clear(): void {
    this.times.length = 0;
    for (const v of this.values) v.length = 0;
    this.dirty = true;
  }

  /**
   * Hand the arrays to uPlot again if anything changed since the last redraw,
   * at most every `minInterval` ms (a plot does not need 60 frames a second,
   * and redrawing a few thousand points costs a few ms) unless `force`.
   */
  redraw(force = false): void {
    if (!this.dirty) return;
    const now = performance.now();
    if (!force && now - this.lastRedraw < this.minInterval) return;
    this.lastRedraw = now;
    this.dirty = false;
    this.chart.setData([this.times, ...this.values]);
  }

  /** Remove the chart from its element and stop following the element's size (when a page replaces a plot). */
  destroy(): void {
    this.resizeObserver.disconnect();
    this.chart.destroy();
  }

  /** The chart's root element (tests look for it). */
  get root(): HTMLElement {
    return this.element;
  }
}

function formatValue(v: number): string {
  const a = Math.abs(v);
  return a !== 0 && (a < 1e-3 || a >= 1e5) ? v.toExponential(2) : v.toFixed(4);
}
