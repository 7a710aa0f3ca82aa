/**
 * The strip of controls above every demo: title, pause / step / reset, the
 * debug-layer toggles, the page's own sliders and selects, and a readout.
 * Plain DOM, no framework.
 */
import type { DrawOptions } from "../../src/entries/debug.js";

export interface ToolbarActions {
  pause(): void;
  step(): void;
  reset(): void;
  /** A control changed: redraw even if paused. */
  changed(): void;
}

export class Toolbar {
  readonly element: HTMLElement;
  /** Debug layers switched on in the toolbar, passed to drawWorld. */
  readonly layers: DrawOptions = { fill: true, contacts: false, normals: false, bounds: false };
  private readonly pauseButton: HTMLButtonElement;
  private readonly custom: HTMLElement;
  private readonly readout: HTMLElement;

  constructor(
    title: string,
    description: string,
    private readonly actions: ToolbarActions,
    initialLayers: Partial<DrawOptions> = {},
  ) {
    Object.assign(this.layers, initialLayers);
    this.element = el("header", "demo-bar");
    const heading = el("div", "demo-heading");
    const home = el("a", "demo-home") as HTMLAnchorElement;
    home.href = "/";
    home.textContent = "capsule2d";
    const h1 = el("h1");
    h1.textContent = title;
    const p = el("p", "demo-description");
    p.textContent = description;
    heading.append(home, h1, p);

    const row = el("div", "demo-row");
    this.pauseButton = button("Pause", actions.pause, "pause");
    row.append(
      this.pauseButton,
      button("Step", actions.step, "step"),
      button("Reset", actions.reset, "reset"),
    );
    for (const [key, label] of [
      ["fill", "fill"],
      ["contacts", "contacts"],
      ["normals", "normals"],
      ["bounds", "bounding boxes"],
    ] as const) {
      row.append(
        checkbox(label, this.layers[key] ?? false, (on) => {
          this.layers[key] = on;
          actions.changed();
        }),
      );
    }
    this.custom = el("div", "demo-row demo-custom");
    this.readout = el("div", "demo-readout");
    this.readout.dataset.test = "readout";
    this.element.append(heading, row, this.custom, this.readout);
  }

  setRunning(running: boolean): void {
    this.pauseButton.textContent = running ? "Pause" : "Play";
  }

  setReadout(text: string): void {
    this.readout.textContent = text;
  }

  addButton(label: string, onClick: () => void): HTMLButtonElement {
    const b = button(label, () => {
      onClick();
      this.actions.changed();
    });
    this.custom.append(b);
    return b;
  }

  addCheckbox(label: string, value: boolean, onChange: (value: boolean) => void): HTMLInputElement {
    const box = checkbox(label, value, (v) => {
      onChange(v);
      this.actions.changed();
    });
    this.custom.append(box);
    return box.querySelector("input")!;
  }

  /** A range slider; `format` renders the value next to it. */
  addSlider(
    label: string,
    options: { min: number; max: number; step: number; value: number; format?: (v: number) => string },
    onChange: (value: number) => void,
  ): HTMLInputElement {
    const wrap = el("label", "demo-control");
    const input = el("input") as HTMLInputElement;
    input.type = "range";
    input.min = String(options.min);
    input.max = String(options.max);
    input.step = String(options.step);
    input.value = String(options.value);
    const shown = el("span", "demo-value");
    const format = options.format ?? ((v: number) => String(v));
    shown.textContent = format(options.value);
    input.addEventListener("input", () => {
      const v = Number(input.value);
      shown.textContent = format(v);
      onChange(v);
      this.actions.changed();
    });
    wrap.append(`${label} `, input, shown);
    this.custom.append(wrap);
    return input;
  }

  addSelect<T extends string>(label: string, choices: readonly T[], value: T, onChange: (value: T) => void): HTMLSelectElement {
    const wrap = el("label", "demo-control");
    const select = el("select") as HTMLSelectElement;
    for (const c of choices) {
      const o = el("option") as HTMLOptionElement;
      o.value = c;
      o.textContent = c;
      select.append(o);
    }
    select.value = value;
    select.addEventListener("change", () => {
      onChange(select.value as T);
      this.actions.changed();
    });
    wrap.append(`${label} `, select);
    this.custom.append(wrap);
    return select;
  }

  /** A text field the page updates (e.g. a counter). */
  addText(initial = ""): HTMLElement {
    const span = el("span", "demo-text");
    span.textContent = initial;
    this.custom.append(span);
    return span;
  }
}

function el(tag: string, className?: string): HTMLElement {
  const e = document.createElement(tag);
  if (className) e.className = className;
  return e;
}

function button(label: string, onClick: () => void, testId?: string): HTMLButtonElement {
  const b = el("button") as HTMLButtonElement;
  b.type = "button";
  b.textContent = label;
  if (testId) b.dataset.test = testId;
  b.addEventListener("click", onClick);
  return b;
}

function checkbox(label: string, value: boolean, onChange: (value: boolean) => void): HTMLElement {
  const wrap = el("label", "demo-control");
  const input = el("input") as HTMLInputElement;
  input.type = "checkbox";
  input.checked = value;
  input.addEventListener("change", () => onChange(input.checked));
  wrap.append(input, ` ${label}`);
  return wrap;
}
