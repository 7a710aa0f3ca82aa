/**
 * The code samples of README.md, as the README prints them: a sample is the
 * first ```js block after `<!-- readme-sample: NAME -->`, and what it prints
 * the first ```text block after `<!-- readme-output: NAME -->`. Tests run
 * them as written (test/readme-samples.test.ts in Node,
 * test/browser/readme-script.test.ts in Chromium).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function blockAfter(text: string, marker: string, lang: string): string {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`no ${marker} in the page`);
  const match = new RegExp("```" + lang + "\\n([\\s\\S]*?)```").exec(text.slice(at + marker.length));
  if (!match) throw new Error(`no \`\`\`${lang} block after ${marker}`);
  return match[1]!;
}

function readme(file: string): string {
  return readFileSync(`${ROOT}${file}`, "utf8");
}

/** The sample's code (in README.md, or in `file`, a page of docs/). */
export function readmeSample(name: string, file = "README.md"): string {
  return blockAfter(readme(file), `<!-- readme-sample: ${name} -->`, "js");
}

/** What the README (or `file`) says the sample prints. */
export function readmeOutput(name: string, file = "README.md"): string {
  return blockAfter(readme(file), `<!-- readme-output: ${name} -->`, "text");
}

/** Every sample's name, in the order of the README (or `file`). */
export function readmeSampleNames(file = "README.md"): string[] {
  return [...readme(file).matchAll(/<!-- readme-sample: ([\w-]+) -->/g)].map((m) => m[1]!);
}
