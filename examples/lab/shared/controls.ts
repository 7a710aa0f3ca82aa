/**
 * Small form controls for the lab pages: a labelled slider, select, checkbox
 * and button, each appended to a container and calling back on change.
 * Plain DOM, no framework, so the page code stays about physics.
 */

export interface SliderOptions {
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  /** Text shown next to the slider for a value (default: the number). */
  format?: (v: number) => string;
  /** Called on every change with the new value. */
  onChange: (v: number) => void;
  /** Value of the `data-control` attribute (tests find controls by it). */
  id: string;
}

/** A range input with its label and current value; returns the input. */
export function slider(parent: HTMLElement, o: SliderOptions): HTMLInputElement {
  const wrap = el(parent, "label", "control");
  el(wrap, "span", "control-label").textContent = o.label;
  const input = el(wrap, "input") as HTMLInputElement;
  input.type = "range";
  input.min = String(o.min);
  input.max = String(o.max);
  input.step = String(o.step);
  input.value = String(o.value);
  input.dataset.control = o.id;
  const shown = el(wrap, "output", "control-value");
  const format = o.format ?? ((v: number) => String(v));
  shown.textContent = format(o.value);
  input.addEventListener("input", () => {
    const v = Number(input.value);
    shown.textContent = format(v);
    o.onChange(v);
  });
  return input;
}

export interface SelectOptions<T extends string> {
  label: string;
  choices: readonly { value: T; label: string }[];
  value: T;
  onChange: (v: T) => void;
  id: string;
}

export function select<T extends string>(parent: HTMLElement, o: SelectOptions<T>): HTMLSelectElement {
  const wrap = el(parent, "label", "control");
  el(wrap, "span", "control-label").textContent = o.label;
  const input = el(wrap, "select") as HTMLSelectElement;
  input.dataset.control = o.id;
  for (const c of o.choices) {
    const option = el(input, "option") as HTMLOptionElement;
    option.value = c.value;
    option.textContent = c.label;
  }
  input.value = o.value;
  input.addEventListener("change", () => o.onChange(input.value as T));
  return input;
}

export function checkbox(
  parent: HTMLElement,
  o: { label: string; value: boolean; onChange: (v: boolean) => void; id: string },
): HTMLInputElement {
  const wrap = el(parent, "label", "control control-check");
  const input = el(wrap, "input") as HTMLInputElement;
  input.type = "checkbox";
  input.checked = o.value;
  input.dataset.control = o.id;
  el(wrap, "span", "control-label").textContent = o.label;
  input.addEventListener("change", () => o.onChange(input.checked));
  return input;
}

export function button(parent: HTMLElement, label: string, id: string, onClick: () => void): HTMLButtonElement {
  const b = el(parent, "button") as HTMLButtonElement;
  b.type = "button";
  b.textContent = label;
  b.dataset.control = id;
  b.addEventListener("click", onClick);
  return b;
}

/** Create `tag` with an optional class inside `parent`. */
export function el(parent: HTMLElement, tag: string, className?: string): HTMLElement {
  const e = document.createElement(tag);
  if (className) e.className = className;
  parent.appendChild(e);
  return e;
}

/**
 * Match the canvas's pixel buffer to its CSS size times devicePixelRatio, so
 * lines are sharp. Returns the CSS size.
 */
export function fitCanvas(canvas: HTMLCanvasElement): { width: number; height: number; ratio: number } {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.max(1, canvas.clientWidth);
  const height = Math.max(1, canvas.clientHeight);
  const w = Math.round(width * ratio);
  const h = Math.round(height * ratio);
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  return { width, height, ratio };
}
