/**
 * Lab pages built on the shared demo frame (examples/shared/demo.ts) put a
 * side panel — plots, tables — to the right of the simulation canvas.
 *
 * The demo frame appends its canvas straight to <body>; this moves it into a
 * row next to a new panel, tells the frame to re-measure the canvas and
 * frames the scene's view in it again.
 */
import type { Demo } from "../../shared/demo.js";

export function addSidePanel(demo: Demo): HTMLElement {
  const row = document.createElement("div");
  row.className = "lab-main";
  const side = document.createElement("aside");
  side.className = "lab-side";
  demo.canvas.replaceWith(row);
  row.append(demo.canvas, side);
  // The canvas changed size: the frame listens for "resize" to fit its buffer and camera;
  // then frame the scene's view again in the narrower canvas.
  window.dispatchEvent(new Event("resize"));
  const v = demo.scene.view;
  demo.camera.fit(v.minX, v.minY, v.maxX, v.maxY);
  demo.draw();
  return side;
}
