/**
 * Turns the cell results of a run into the markdown that run.mjs prints and
 * writes to bench/RESULTS.md. Pure formatting: no measuring happens here.
 */
import { ENGINES } from "./engines/index.mjs";
import { buildScene, isJointScene, SCENES } from "./scenes.mjs";

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
  if (s.escaped) parts.push(`${s.escaped} escaped the container`);
  if (s.belowTerrain) parts.push(`${s.belowTerrain} below the terrain (fell through the chain)`);
  if (s.flung) parts.push(`${s.flung} flung > 1 km`);
  return `**${parts.join(", ")}**`;
}

function labelOf(engine, cells) {
  const c = cells.find((x) => x.engine === engine && x.label);
  return c ? c.label : engine;
}

/** Is this scene name a joint scene? (Cells of joint scenes carry a joint count.) */
function jointSceneName(scene, cells) {
  if (cells.some((c) => c.scene === scene && c.joints !== undefined)) return true;
  try {
    return scene in SCENES && isJointScene(buildScene(scene));
  } catch {
    return false;
  }
}

/** Metres as millimetres, about three significant digits. */
function mm(x) {
  if (x === null || x === undefined) return "—";
  if (!Number.isFinite(x)) return "**NaN**";
  const v = x * 1000;
  if (v >= 100) return `${v.toFixed(0)} mm`;
  if (v >= 10) return `${v.toFixed(1)} mm`;
  return `${v.toFixed(2)} mm`;
}

/** Radians, three decimals (NaN shown loud). */
function rad(x) {
  if (x === null || x === undefined) return "—";
  if (!Number.isFinite(x)) return "**NaN**";
  return x.toFixed(3);
}

/**
 * The summary table of mean ms per step for `scenes`, one column per engine
 * that has a cell in them; a scene whose cells come from different runs
 * (--merge) is marked †.
 */
function timeTable(out, scenes, engines, cells, find, withJoints) {
  const cols = engines.filter((e) => scenes.some((s) => find(e, s)));
  out.push(`| scene | bodies |${withJoints ? " joints |" : ""} ${cols.map((e) => labelOf(e, cells)).join(" | ")} |`);
  out.push(`| --- | ---: |${withJoints ? " ---: |" : ""} ${cols.map(() => "---:").join(" | ")} |`);
  let mixed = false;
  for (const scene of scenes) {
    const base = find(BASE, scene);
    const anyCell = cells.find((c) => c.scene === scene && c.bodies);
    const dates = new Set(cells.filter((c) => c.scene === scene && c.runDate).map((c) => c.runDate));
    const mark = dates.size > 1 ? " †" : "";
    if (mark) mixed = true;
    const row = cols.map((e) => {
      const c = find(e, scene);
      if (!c) return "";
      if (c.error) return "error";
      if (c.skipped) return "skipped";
      return e === BASE ? ms(c.meanMs) : `${ms(c.meanMs)} (${ratio(c, base)})`;
    });
    const joints = withJoints ? ` ${anyCell && anyCell.joints !== undefined ? anyCell.joints : ""} |` : "";
    out.push(`| ${scene}${mark} | ${anyCell ? anyCell.bodies : ""} |${joints} ${row.join(" | ")} |`);
  }
  if (mixed) out.push("", "† this scene's cells come from more than one run (see Runs above): compare its ratios with care.");
  out.push("");
}

/** Browser runtimes as the report names them. */
const BROWSER_LABELS = { chromium: "Chromium", firefox: "Firefox ESR" };

/** "Chrome/120.0.6099.224" or "Firefox/115.6.0" out of a user agent string. */
function browserVersion(cells) {
  const ua = cells.map((c) => c.userAgent).find(Boolean);
  if (!ua) return "";
  const m = /(Firefox|Chrome)\/[\d.]+/.exec(ua);
  return m ? ` (${m[0]})` : "";
}

/**
 * The browser section: for each browser measured, the same summary table as
 * Node's (mean ms per step and the ratio to capsule2d in that browser), with
 * Node's mean beside each engine's for comparison.
 */
function browserSection(out, meta, browserCells, nodeCells, scenes, engines) {
  const runtimes = Object.keys(BROWSER_LABELS).filter((r) => browserCells.some((c) => c.runtime === r));
  if (runtimes.length === 0) return;
  const bp = meta.browserProtocol;
  out.push("## In browsers");
  out.push("");
  out.push(
    "The same scenes and adapters in headless browsers (bench/browser/): each cell in a fresh page served by a local server with the " +
      "cross-origin-isolation headers (so performance.now() has its fine resolution and box2d3-wasm loads its SIMD build, as under Node)" +
      (bp ? `; ${bp.warmup} warm-up steps, then up to ${bp.steps} timed steps (stopping once they pass ${bp.budgetMs / 1000} s)` : "") +
      ". Milliseconds per step, in brackets the ratio to capsule2d in the same browser, and after the slash the same engine's mean under Node from the tables above. " +
      "Box2D v2.4 (box2d-wasm) is not run in browsers: its adapter reads its .wasm from disk.",
  );
  out.push("");
  for (const runtime of runtimes) {
    const mine = browserCells.filter((c) => c.runtime === runtime);
    const find = (e, s) => mine.find((c) => c.engine === e && c.scene === s);
    const cols = engines.filter((e) => mine.some((c) => c.engine === e));
    const rows = scenes.filter((s) => mine.some((c) => c.scene === s));
    const isolated = mine.some((c) => c.crossOriginIsolated === false) ? " (**not** cross-origin isolated)" : "";
    out.push(`### ${BROWSER_LABELS[runtime]}${browserVersion(mine)}${isolated}`);
    out.push("");
    out.push(`| scene | ${cols.map((e) => labelOf(e, mine)).join(" | ")} |`);
    out.push(`| --- | ${cols.map(() => "---:").join(" | ")} |`);
    for (const scene of rows) {
      const base = find(BASE, scene);
      const row = cols.map((e) => {
        const c = find(e, scene);
        if (!c) return "";
        if (c.error) return "error";
        if (c.skipped) return "skipped";
        const node = nodeCells.find((n) => n.engine === e && n.scene === scene);
        const nodeMs = ok(node) ? ` / ${ms(node.meanMs)}` : "";
        const flags = (c.sanity && !c.sanity.ok ? " **insane**" : "") + (c.truncated ? ` (${c.steps} steps)` : "");
        return e === BASE ? `${ms(c.meanMs)}${flags}${nodeMs}` : `${ms(c.meanMs)}${flags} (${ratio(c, base)})${nodeMs}`;
      });
      out.push(`| ${scene} | ${row.join(" | ")} |`);
    }
    out.push("");
    const errors = mine.filter((c) => c.error);
    for (const c of errors) out.push(`- error, ${c.engine} / ${c.scene}: ${c.error.split("\n")[0].replace(/\|/g, "\\|").slice(0, 300)}`);
    if (errors.length > 0) out.push("");
  }
}

export function resultsMarkdown({ meta, cells: allCells, narrowphase, scenes, engines, filtered }) {
  // Node's cells make every table but the browsers' section; a cell without `runtime` is Node's.
  const cells = allCells.filter((c) => (c.runtime ?? "node") === "node");
  const browserCells = allCells.filter((c) => (c.runtime ?? "node") !== "node");
  const find = (engine, scene) => cells.find((c) => c.engine === engine && c.scene === scene);
  const p = meta.protocol;
  const out = [];
  out.push("# capsule2d step-time benchmark");
  out.push("");
  out.push(`- Date: ${meta.date}`);
  out.push(`- Machine: ${meta.cpu}, ${meta.memory}, ${meta.platform}`);
  out.push(`- Node ${meta.node} (V8 ${meta.v8}); capsule2d measured from ${meta.bundle}`);
  if (allCells.length > 0) {
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
  if (meta.runs && meta.runs.length > 1) {
    out.push("- Runs merged here (`--merge`; each scene's cells come from the run that last measured it, on the machine it names):");
    for (const r of meta.runs) {
      const where = r.runtimes ? ` (${r.runtimes.join(", ")})` : "";
      out.push(`  - ${r.date}, ${r.protocol}, ${r.cpu}, Node ${r.node}${where}: ${r.scenes.join(", ")} × ${r.engines.join(", ")}`);
    }
  }
  out.push("");

  if (cells.length > 0) {
    const contactScenes = scenes.filter((s) => !jointSceneName(s, cells));
    const jointScenes = scenes.filter((s) => jointSceneName(s, cells));
    if (contactScenes.length > 0) {
      out.push("## Mean time per step");
      out.push("");
      out.push(`Milliseconds per step, and in brackets the engine's time divided by capsule2d's (above 1× means capsule2d is faster).`);
      out.push("");
      timeTable(out, contactScenes, engines, cells, find, false);
    }
    if (jointScenes.length > 0) {
      out.push("## Joint scenes: mean time per step");
      out.push("");
      out.push(
        "Box2D v3's joint benchmarks (bench/README.md): milliseconds per step, and in brackets the engine's time divided by capsule2d's. " +
          "Bodies and joints: as many as are alive at once (ragdoll_rain adds and removes ragdolls between steps, not timed). " +
          "matter-js has no revolute joint and is skipped.",
      );
      out.push("");
      timeTable(out, jointScenes, engines, cells, find, true);
      out.push("### Joint quality");
      out.push("");
      out.push(
        "What each engine made of the scene, from the poses it reports (the same arithmetic for every engine): " +
          "the largest joint separation (distance between a joint's two anchors) and the largest revolute-limit violation, " +
          "each the worst of the samples taken after the warm-up, every 60 timed steps and at the end; " +
          "joint_grid: its bottom row's mean height at the end (it starts at the height in brackets; the grid hangs and stretches). " +
          "A scene an engine did not really simulate cannot look fast here.",
      );
      out.push("");
      const cols = engines.filter((e) => jointScenes.some((sc) => find(e, sc)));
      for (const scene of jointScenes) {
        const grid = cells.some((c) => c.scene === scene && c.quality && c.quality.bottomRowY !== undefined);
        out.push(`| ${scene} | ${cols.map((e) => labelOf(e, cells)).join(" | ")} |`);
        out.push(`| --- | ${cols.map(() => "---:").join(" | ")} |`);
        const q = (e, f) => {
          const c = find(e, scene);
          if (!c) return "";
          if (c.error) return "error";
          if (c.skipped) return "—";
          if (!c.quality) return "—";
          return f(c.quality, c);
        };
        out.push(`| worst joint separation | ${cols.map((e) => q(e, (x) => mm(x.worstSeparation))).join(" | ")} |`);
        out.push(`| mean separation at the end | ${cols.map((e) => q(e, (x) => mm(x.finalMeanSeparation))).join(" | ")} |`);
        if (!grid) {
          out.push(`| worst limit violation (rad) | ${cols.map((e) => q(e, (x) => rad(x.worstLimitViolation))).join(" | ")} |`);
        } else {
          out.push(
            `| bottom row height (m) | ${cols.map((e) => q(e, (x) => `${fixed(x.bottomRowY, 2)} (${fixed(x.bottomRowStartY, 0)})`)).join(" | ")} |`,
          );
        }
        out.push(`| sanity | ${cols.map((e) => q(e, (x, c) => sanity(c))).join(" | ")} |`);
        out.push("");
      }
    }

    out.push("## Per scene");
    out.push("");
    out.push(
      "Heap growth: heapUsed after the timed steps minus before (a gc() before each reading), per step: memory the engine kept. " +
        "Allocated: heapUsed read just before and after each of the allocation steps, the cost of reading it subtracted: " +
        "garbage included, so an engine that allocates nothing in its step shows about 0 B. WebAssembly engines' own memory is outside the JS heap. " +
        "Sanity: every body's centre finite, above the floor's top and between the walls at the end" +
        (jointScenes.length > 0 ? " (joint_grid, which has no container: within 1 km of where it started)" : "") +
        (scenes.some((s) => s.startsWith("chain_terrain")) ? " (chain_terrain: above the chain's ground under it and between its ends)" : "") +
        ". " +
        "Drift (pyramids): the largest distance any box moved between t = 1 s and t = 10 s." +
        (jointScenes.length > 0
          ? " Joint scenes: the joint quality above, and for ragdoll_rain the total time spent adding and removing ragdolls between steps (not in the step times)."
          : ""),
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
      const joint = jointSceneName(scene, cells);
      const spawning = cells.some((c) => c.scene === scene && c.spawnMs !== undefined);
      const dates = [...new Set(cells.filter((c) => c.scene === scene && c.runDate).map((c) => c.runDate))];
      if (meta.runs && meta.runs.length > 1 && dates.length > 0) {
        out.push(`Measured ${dates.join(" and ")}.`);
        out.push("");
      }
      let extraHead = pyramid ? " drift (m) |" : "";
      let extraRule = pyramid ? " ---: |" : "";
      if (joint) {
        extraHead += " worst separation | final separation max / mean |" + (spawning ? " worst limit violation (rad) | spawn + remove, total ms |" : " bottom row y (m) |");
        extraRule += " ---: | ---: |" + (spawning ? " ---: | ---: |" : " ---: |");
      }
      out.push(
        `| engine | mean ms | median ms | p95 ms | × capsule2d | steps | heap growth /step | allocated /step | sanity |${extraHead}`,
      );
      out.push(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |${extraRule}`);
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
        let extra = pyramid ? ` ${c.drift === null ? (c.driftNote ?? "—") : fixed(c.drift, 4)} |` : "";
        if (joint) {
          const q = c.quality;
          extra += q
            ? ` ${mm(q.worstSeparation)} | ${mm(q.finalMaxSeparation)} / ${mm(q.finalMeanSeparation)} |` +
              (spawning ? ` ${rad(q.worstLimitViolation)} | ${fixed(c.spawnMs, 0)} |` : ` ${fixed(q.bottomRowY, 2)} |`)
            : spawning
              ? " — | — | — | — |"
              : " — | — | — |";
        }
        out.push(
          `| ${label} | ${ms(c.meanMs)} | ${ms(c.medianMs)} | ${ms(c.p95Ms)} | ${ratio(c, base)} | ${steps} | ` +
            `${bytes(c.heapGrowthPerStep)} | ${bytes(c.allocPerStep)} | ${sanity(c)} |${extra}`,
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
      const any = cells.find((x) => x.engine === engine && x.package);
      // Distinct settings lines, each with the scenes that ran with it when there is more than one.
      const bySetting = new Map();
      for (const c of cells) {
        if (c.engine !== engine || !c.settings) continue;
        if (!bySetting.has(c.settings)) bySetting.set(c.settings, []);
        bySetting.get(c.settings).push(c.scene);
      }
      const settings =
        bySetting.size === 0
          ? "—"
          : bySetting.size === 1
            ? [...bySetting.keys()][0]
            : [...bySetting].map(([text, sc]) => `${sc.join(", ")}: ${text}`).join("<br>");
      out.push(`| ${labelOf(engine, cells)} | ${any ? any.package : ENGINES[engine]} | ${any ? any.language : ""} | ${settings} |`);
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

  browserSection(out, meta, browserCells, cells, scenes, engines);

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
