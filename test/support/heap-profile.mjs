/**
 * What capsule2d allocated, read from a V8 sampling heap profile (shared by
 * test/allocation.test.ts and its child process, allocation-child.mjs).
 *
 * A frame is capsule2d's when its script is one of the shipped files. A
 * frame without a script (a built-in: `new Map`, `Map.prototype.set`,
 * `Array.prototype.sort`, an array's growth in `push`, a string
 * concatenation) belongs to the nearest caller that has one: a `new Map()`
 * in `step()` is capsule2d's allocation, though V8 reports its bytes in the
 * frame of the `Map` built-in.
 */

/**
 * @param {{ head: ProfileNode }} profile the result of `HeapProfiler.stopSampling`
 * @param {(url: string) => number} shippedPrefix the length of the shipped folder's prefix of `url`, or −1 when it is not shipped
 * @returns {{ bytes: number, sites: Map<string, number> }} bytes allocated by capsule2d, and by site
 *   (`function (file:line:column)`, a built-in as `Map [built-in] in function (file:line:column)`)
 * @typedef {{ callFrame: { functionName: string, url: string, lineNumber: number, columnNumber: number }, selfSize: number, children: ProfileNode[] }} ProfileNode
 */
export function shippedAllocations(profile, shippedPrefix) {
  let bytes = 0;
  const sites = new Map();
  // owner: the site of the nearest caller with a script, when that caller is shipped (else null)
  const walk = (node, owner) => {
    const f = node.callFrame;
    let site = owner;
    if (f.url !== "") {
      const prefix = shippedPrefix(f.url);
      site = prefix >= 0 ? `${f.functionName || "(anonymous)"} (${f.url.slice(prefix)}:${f.lineNumber + 1}:${f.columnNumber + 1})` : null;
    } else if (owner !== null) {
      site = `${f.functionName || "(anonymous)"} [built-in] in ${owner}`;
    }
    if (site !== null && node.selfSize > 0) {
      bytes += node.selfSize;
      sites.set(site, (sites.get(site) ?? 0) + node.selfSize);
    }
    // what a built-in calls stays with the caller of the built-in
    const next = f.url === "" ? owner : site;
    for (const child of node.children) walk(child, next);
  };
  walk(profile.head, null);
  return { bytes, sites };
}

/** The `count` largest sites, as `site n B/step`. */
export function topSites(sites, steps, count = 4) {
  return [...sites]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([at, n]) => `${at} ${(n / steps).toFixed(1)} B/step`);
}

/**
 * The sites that allocated in every window, with the least each allocated in
 * one window (bytes), largest first: an allocation that recurs (every step,
 * or every few hundred steps in windows longer than that) is one of them,
 * while V8's re-optimisations (a function running unoptimised for a moment,
 * boxing numbers) show at one site in one or two windows.
 * @param {Map<string, number>[]} windows each window's sites
 * @returns {[string, number][]}
 */
export function steadySites(windows) {
  const least = new Map();
  for (const [site, bytes] of windows[0] ?? []) least.set(site, bytes);
  for (const w of windows.slice(1)) {
    for (const [site, bytes] of least) least.set(site, Math.min(bytes, w.get(site) ?? 0));
  }
  return [...least].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
}

/**
 * Step `count` windows of `steps` steps each under the sampling heap profiler
 * (mean sampling interval `interval` bytes). Between windows the world steps
 * `gap` times unprofiled: the first steps after the profiler starts again
 * allocate a few hundred bytes that are the profiler's doing (they showed in
 * every window but the first, at the step's last functions, for windows of 50
 * or 5,000 steps alike, and not after 50 unprofiled steps).
 * @returns {Promise<{ windows: number[], sites: string[], steady: [string, number][] }>} bytes per step in each
 *   window, the four largest sites of the quietest window, and the sites that allocated in every window (bytes per step, their least)
 */
export async function measureWindows(session, step, count, steps, shippedPrefix, interval, gap = 100) {
  const windows = [];
  const all = [];
  let quietest = null;
  for (let k = 0; k < count; k++) {
    if (k > 0) for (let i = 0; i < gap; i++) step();
    await session.post("HeapProfiler.startSampling", { samplingInterval: interval, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    for (let i = 0; i < steps; i++) step();
    const { profile } = await session.post("HeapProfiler.stopSampling");
    const { bytes, sites } = shippedAllocations(profile, shippedPrefix);
    windows.push(bytes / steps);
    all.push(sites);
    if (quietest === null || bytes < quietest.bytes) quietest = { bytes, sites };
  }
  return {
    windows,
    sites: topSites(quietest.sites, steps),
    steady: steadySites(all).map(([site, n]) => [site, n / steps]),
  };
}
