import { defineConfig } from "vitest/config";
import { rowLayoutVite } from "./scripts/row-layout.mjs";

export default defineConfig({
  // the kernels' offsets as numbers, as in the builds (scripts/row-layout.mjs)
  plugins: [rowLayoutVite()],
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
