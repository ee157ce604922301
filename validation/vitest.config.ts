import path from "node:path";
import { defineConfig } from "vitest/config";

/** `npm run cache-validation`: the prompt-cache model against the cache figures real transcripts recorded. */
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "..") } },
  test: {
    root: path.resolve(import.meta.dirname, ".."),
    include: ["validation/**/*.test.ts"],
    // npm run fidelity runs these on their own config
    exclude: ["validation/fidelity/**", "**/node_modules/**"],
    environment: "node",
    testTimeout: 300_000,
  },
});
