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
  if (at < 0) throw new Error(`README.md has no ${marker}`);
  const match = new RegExp("```" + lang + "\\n([\\s\\S]*?)```").exec(text.slice(at + marker.length));
  if (!match) throw new Error(`no \`\`\`${lang} block after ${marker} in README.md`);
  return match[1]!;
}

function readme(): string {
  return readFileSync(`${ROOT}README.md`, "utf8");
}

/** The sample's code. */
export function readmeSample(name: string): string {
  return blockAfter(readme(), `<!-- readme-sample: ${name} -->`, "js");
}

/** What the README says the sample prints. */
export function readmeOutput(name: string): string {
  return blockAfter(readme(), `<!-- readme-output: ${name} -->`, "text");
}

/** Every sample's name, in the order of the README. */
export function readmeSampleNames(): string[] {
  return [...readme().matchAll(/<!-- readme-sample: ([\w-]+) -->/g)].map((m) => m[1]!);
}
