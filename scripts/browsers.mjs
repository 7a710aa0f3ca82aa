// The system browsers the tests and the benchmark drive (never a downloaded one):
// Debian's Chromium, driven by playwright-core, and Debian's Firefox ESR,
// started headless on a fresh profile (playwright-core drives only its own
// patched Firefox builds). `.ci/run` installs both when missing.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const CHROMIUM_PATH = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
export const FIREFOX_PATH = "/usr/bin/firefox-esr";

/** Firefox preferences for a quiet, headless run with no slow-script dialog. */
const FIREFOX_PREFS = `
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("browser.aboutwelcome.enabled", false);
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
user_pref("app.update.disabledForTesting", true);
user_pref("browser.discovery.enabled", false);
user_pref("extensions.update.enabled", false);
user_pref("network.captive-portal-service.enabled", false);
user_pref("network.connectivity-service.enabled", false);
user_pref("dom.max_script_run_time", 0);
user_pref("dom.max_chrome_script_run_time", 0);
`;

/**
 * Start headless Firefox ESR on a fresh profile at `url`. Returns the child
 * process, its output so far (`output()`, for error messages) and `close()`,
 * which kills it and deletes the profile.
 * @param {string} url
 */
export function launchFirefox(url) {
  const profile = mkdtempSync(join(tmpdir(), "capsule2d-firefox-"));
  writeFileSync(join(profile, "user.js"), FIREFOX_PREFS);
  let output = "";
  const child = spawn(FIREFOX_PATH, ["--headless", "--no-remote", "--profile", profile, url], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, MOZ_HEADLESS: "1", MOZ_DISABLE_CONTENT_SANDBOX: "1" },
  });
  child.stdout.on("data", (d) => (output += d.toString()));
  child.stderr.on("data", (d) => (output += d.toString()));
  return {
    child,
    output: () => output,
    close() {
      child.kill("SIGKILL");
      try {
        rmSync(profile, { recursive: true, force: true });
      } catch {
        // Firefox may still be writing its profile as it dies; a stray temp folder is harmless
      }
    },
  };
}
