/**
 * Every local link in README.md and docs/*.md resolves: the file or folder
 * exists, and a `#anchor` names a heading of the target page as GitHub
 * makes its ids (lower case, punctuation dropped, spaces to hyphens, `-1`,
 * `-2` for repeats) or an explicit `<a id="…">`. Links in code are not links.
 * docs/api/ (TypeDoc's output) is not committed, so nothing may link into it.
 */
import { describe, expect, it } from "vitest";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The pages checked: the front page and the manual. */
function pages(): string[] {
  const docs = readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => join(root, "docs", f));
  return [join(root, "README.md"), ...docs];
}

/** `text` without fenced code blocks and inline code (whose brackets are not links). */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "code");
}

/** GitHub's id for a heading's text (github-slugger). */
export function slug(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1") // a link: its text
    .replace(/<[^>]+>/g, "") // HTML tags
    .replace(/[*`]/g, ""); // emphasis and code marks
  return text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
}

/** Every anchor of a page: its headings' ids (repeats numbered) and explicit ids. */
export function anchors(text: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  const noCode = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  for (const m of noCode.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    found.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of noCode.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) found.add(m[1]!);
  return found;
}

/** The targets of a page's inline links `[text](target)`, as written. */
function links(text: string): string[] {
  return [...prose(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
}

/** What is wrong with `target` linked from `page`, or null. */
function broken(page: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto:: not local
  const [path, anchor] = target.split("#", 2) as [string, string | undefined];
  const file = path === "" ? page : resolve(dirname(page), decodeURIComponent(path));
  if (!file.startsWith(root)) return "points outside the repository";
  if (relative(root, file).startsWith(join("docs", "api"))) return "docs/api/ is generated, not committed";
  if (!existsSync(file)) return "no such file";
  if (anchor === undefined) return null;
  if (statSync(file).isDirectory() || !file.endsWith(".md")) return "an anchor into a page that is not markdown";
  return anchors(readFileSync(file, "utf8")).has(anchor) ? null : `no heading or id "${anchor}" in ${relative(root, file)}`;
}

describe("local links in README.md and docs/", () => {
  it("GitHub's heading ids, as this test makes them", () => {
    expect(slug("One world on several threads (`solverThreads`)")).toBe("one-world-on-several-threads-solverthreads");
    expect(slug("Stage 7 — events")).toBe("stage-7--events");
    expect(slug("Platformers: tiles, one-way platforms, contact control")).toBe("platformers-tiles-one-way-platforms-contact-control");
    expect(slug("The contact passes in WebAssembly (`capsule2d/wasm`)")).toBe("the-contact-passes-in-webassembly-capsule2dwasm");
    expect([...anchors("# A\n## Notes\n```\n# not a heading\n```\n## Notes\n<a id=\"x\"></a>")]).toEqual(["a", "notes", "notes-1", "x"]);
  });

  it("every one resolves, anchors included", () => {
    const problems: string[] = [];
    let count = 0;
    for (const page of pages()) {
      for (const target of links(readFileSync(page, "utf8"))) {
        count++;
        const why = broken(page, target);
        if (why !== null) problems.push(`${relative(root, page)}: (${target}) ${why}`);
      }
    }
    expect(problems).toEqual([]);
    expect(count).toBeGreaterThan(50); // the pages do link to each other
  });
});
