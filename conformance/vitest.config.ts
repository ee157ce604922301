import path from "node:path";
import { defineConfig } from "vitest/config";

/** `npm run conformance`: the lab's replays against the agents' own published code (conformance/oracles). */
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "..") } },
  test: {
    root: path.resolve(import.meta.dirname, ".."),
    include: ["conformance/**/*.test.ts"],
    exclude: ["conformance/oracles/**"],
    environment: "node",
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
