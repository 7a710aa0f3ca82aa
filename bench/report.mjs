/**
 * Turns the cell results of a run into the markdown that run.mjs prints and
 * writes to bench/RESULTS.md. Pure formatting: no measuring happens here.
 */
import { ENGINES } from "./engines/index.mjs";
import { buildScene } from "./scenes.mjs";

const BASE = "capsule2d";

function fixed(x, digits) {
  return Number.isFinite(x) ? x.toFixed(digits) : "—";
}

/** Milliseconds with about three significant digits. */
function ms(x) {
  if (!Number.isFinite(x)) return "—";
  if (x >= 100) return x.toFixed(0);
  if (x >= 10) return x.toFixed(1);
  if (x >= 1) return x.toFixed(2);
  return x.toFixed(3);
}

function bytes(x) {
  if (x === null || x === undefined || !Number.isFinite(x)) return "—";
  const a = Math.abs(x);
  if (a >= 1024 * 1024) return `${(x / (1024 * 1024)).toFixed(1)} MB`;
  if (a >= 1024) return `${(x / 1024).toFixed(1)} kB`;
  return `${x.toFixed(0)} B`;
}

function ratio(cell, base) {
  if (!ok(cell) || !ok(base)) return "—";
  return `${(cell.meanMs / base.meanMs).toFixed(2)}×`;
}

function ok(cell) {
  return cell !== undefined && !cell.error && !cell.skipped;
}

function sanity(cell) {
  const s = cell.sanity;
  if (s.ok) return "ok";
  const parts = [];
  if (s.nan) parts.push(`${s.nan} NaN`);
  if (s.belowFloor) parts.push(`${s.belowFloor} below floor`);
  if (s.outsideWalls) parts.push(`${s.outsideWalls} outside walls`);
  return `**${parts.join(", ")}**`;
}

function labelOf(engine, cells) {
  const c = cells.find((x) => x.engine === engine && x.label);
  return c ? c.label : engine;
}

export function resultsMarkdown({ meta, cells, narrowphase, scenes, engines, filtered }) {
  const find = (engine, scene) => cells.find((c) => c.engine === engine && c.scene === scene);
  const p = meta.protocol;
  const out = [];
  out.push("# capsule2d step-time benchmark");
  out.push("");
  out.push(`- Date: ${meta.date}`);
  out.push(`- Machine: ${meta.cpu}, ${meta.memory}, ${meta.platform}`);
  out.push(`- Node ${meta.node} (V8 ${meta.v8}); capsule2d measured from ${meta.bundle}`);
  if (cells.length > 0) {
    out.push(
      `- Run: ${p.label}${filtered ? " (only the scenes and engines asked for)" : ""}; each engine × scene in a fresh \`node --expose-gc\` process; ` +
        `${p.warmup} warm-up steps, then ${p.steps} steps timed one by one ` +
        `(an engine whose timed steps pass ${p.budgetMs / 1000} s stops there; the "steps" column says how many ran), ` +
        `then up to ${p.allocSteps} steps to estimate allocation; dt = 1/60 s; took ${meta.durationS.toFixed(0)} s`,
    );
  }
  if (p.label === "quick") {
    out.push("- **Quick run**: smaller scenes only and fewer steps; the numbers are rough. `npm run bench` does the full run.");
  }
  out.push("");

  if (cells.length > 0) {
    out.push("## Mean time per step");
    out.push("");
    out.push(`Milliseconds per step, and in brackets the engine's time divided by capsule2d's (above 1× means capsule2d is faster).`);
    out.push("");
    out.push(`| scene | bodies | ${engines.map((e) => labelOf(e, cells)).join(" | ")} |`);
    out.push(`| --- | ---: | ${engines.map(() => "---:").join(" | ")} |`);
    for (const scene of scenes) {
      const base = find(BASE, scene);
      const anyCell = cells.find((c) => c.scene === scene && c.bodies);
      const row = engines.map((e) => {
        const c = find(e, scene);
        if (!c) return "";
        if (c.error) return "error";
        if (c.skipped) return "skipped";
        return e === BASE ? ms(c.meanMs) : `${ms(c.meanMs)} (${ratio(c, base)})`;
      });
      out.push(`| ${scene} | ${anyCell ? anyCell.bodies : ""} | ${row.join(" | ")} |`);
    }
    out.push("");

    out.push("## Per scene");
    out.push("");
    out.push(
      "Heap growth: heapUsed after the timed steps minus before (a gc() before each reading), per step: memory the engine kept. " +
        "Allocated: heapUsed read just before and after each of the allocation steps, the cost of reading it subtracted: " +
        "garbage included, so an engine that allocates nothing in its step shows about 0 B. WebAssembly engines' own memory is outside the JS heap. " +
        "Sanity: every body's centre finite, above the floor's top and between the walls at the end. " +
        "Drift (pyramids): the largest distance any box moved between t = 1 s and t = 10 s.",
    );
    out.push("");
    for (const scene of scenes) {
      let description = "";
      try {
        description = buildScene(scene).description;
      } catch {
        /* unknown scene names never reach here: run.mjs checks them */
      }
      out.push(`### ${scene}`);
      out.push("");
      out.push(description);
      out.push("");
      const pyramid = scene.includes("pyramid");
      out.push(
        `| engine | mean ms | median ms | p95 ms | × capsule2d | steps | heap growth /step | allocated /step | sanity |${pyramid ? " drift (m) |" : ""}`,
      );
      out.push(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |${pyramid ? " ---: |" : ""}`);
      const base = find(BASE, scene);
      for (const engine of engines) {
        const c = find(engine, scene);
        if (!c) continue;
        const label = labelOf(engine, cells);
        if (c.error) {
          out.push(`| ${label} | error: ${c.error.split("\n")[0].replace(/\|/g, "\\|")} |`);
          continue;
        }
        if (c.skipped) {
          out.push(`| ${label} | skipped: ${c.skipped} |`);
          continue;
        }
        const steps = c.truncated ? `${c.steps} of ${c.requestedSteps}` : `${c.steps}`;
        const drift = pyramid ? ` ${c.drift === null ? (c.driftNote ?? "—") : fixed(c.drift, 4)} |` : "";
        out.push(
          `| ${label} | ${ms(c.meanMs)} | ${ms(c.medianMs)} | ${ms(c.p95Ms)} | ${ratio(c, base)} | ${steps} | ` +
            `${bytes(c.heapGrowthPerStep)} | ${bytes(c.allocPerStep)} | ${sanity(c)} |${drift}`,
        );
      }
      out.push("");
    }

    const rain = engines
      .map((e) => ({ e, a: find(e, "rain-circles-500"), b: find(e, "rain-circles-5000") }))
      .filter(({ a, b }) => ok(a) && ok(b));
    if (rain.length > 0) {
      out.push("## Scaling with N");
      out.push("");
      out.push("Exponent k in time ∝ N^k from rain-circles-500 to rain-circles-5000 (k = 1 is linear).");
      out.push("");
      out.push("| engine | 500 ms | 5000 ms | k |");
      out.push("| --- | ---: | ---: | ---: |");
      for (const { e, a, b } of rain) {
        out.push(`| ${labelOf(e, cells)} | ${ms(a.meanMs)} | ${ms(b.meanMs)} | ${fixed(Math.log(b.meanMs / a.meanMs) / Math.log(10), 2)} |`);
      }
      out.push("");
    }

    out.push("## Engines and solver settings");
    out.push("");
    out.push("| engine | package | language | settings |");
    out.push("| --- | --- | --- | --- |");
    for (const engine of engines) {
      const c = cells.find((x) => x.engine === engine && x.settings);
      const any = cells.find((x) => x.engine === engine && x.package);
      out.push(
        `| ${labelOf(engine, cells)} | ${any ? any.package : ENGINES[engine]} | ${any ? any.language : ""} | ${c ? c.settings : "—"} |`,
      );
    }
    out.push("");
    const errors = cells.filter((c) => c.error);
    if (errors.length > 0) {
      out.push("## Errors");
      out.push("");
      for (const c of errors) {
        out.push(`- ${c.engine} / ${c.scene}:`);
        out.push("");
        out.push("  ```");
        for (const line of c.error.split("\n").slice(0, 8)) out.push(`  ${line}`);
        out.push("  ```");
      }
      out.push("");
    }
  }

  if (narrowphase) {
    out.push("## Narrowphase: `collide()` calls per second (capsule2d)");
    out.push("");
    if (narrowphase.error) {
      out.push(`error: ${narrowphase.error.split("\n")[0]}`);
    } else {
      out.push(narrowphase.description);
      out.push("");
      out.push("| pair | calls/s | ns/call |");
      out.push("| --- | ---: | ---: |");
      for (const r of narrowphase.pairs) {
        out.push(`| ${r.pair} | ${(r.callsPerSecond / 1e6).toFixed(2)} M | ${fixed(1e9 / r.callsPerSecond, 1)} |`);
      }
    }
    out.push("");
  }
  return out.join("\n");
}
