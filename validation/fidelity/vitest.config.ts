import path from "node:path";
import { defineConfig } from "vitest/config";

/** `npm run fidelity`: replays of each agent's own strategy against the compactions its shared transcripts recorded. */
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "..", "..") } },
  test: {
    root: path.resolve(import.meta.dirname, "..", ".."),
    include: ["validation/fidelity/**/*.test.ts"],
    environment: "node",
    testTimeout: 300_000,
  },
});
