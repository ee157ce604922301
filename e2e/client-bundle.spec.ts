import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures/test";

/**
 * The Anthropic key and the SDK stay on the server: nothing under `.next/static` (what the browser downloads)
 * may contain SDK code or a key. Runs on the production build that scripts/test.sh makes right before
 * Playwright; skips, saying so, when there is no build. A file-only spec: it reads the build, no page.
 *
 * Key values looked for: ANTHROPIC_API_KEY and BUNDLE_TEST_API_KEY when set (build with one of them set to a
 * sentinel to make this check bite), and the lab's fixed sentinel.
 */
const REPO = path.resolve(import.meta.dirname, "..");
const STATIC_DIR = path.join(REPO, ".next/static");
const SDK_DIR = path.join(REPO, "node_modules/@anthropic-ai/sdk");
const LAB_SENTINEL_KEY = "sk-ant-lab-bundle-sentinel-7f3c9a";

/** Strings that only SDK code carries (each is checked to really occur in the SDK, so the test cannot pass vacuously). */
const SDK_MARKERS = ["anthropic-version", "X-Stainless-Retry-Count", "dangerouslyAllowBrowser", "ANTHROPIC_BASE_URL", "api.anthropic.com"];
/** The same for the openai SDK (the OpenAI-compatible summarizer): its own strings, checked against its source. */
const OPENAI_SDK_DIR = path.join(REPO, "node_modules/openai");
const OPENAI_SDK_MARKERS = ["OpenAI-Organization", "OPENAI_BASE_URL", "api.openai.com"];

function filesUnder(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

test("no API key and no Anthropic or OpenAI SDK code reach the client bundle", () => {
  test.skip(!fs.existsSync(STATIC_DIR), "no production build (.next/static): run `next build` first — scripts/test.sh does, before Playwright");

  const sdkSource = fs.readFileSync(path.join(SDK_DIR, "client.js"), "utf8") + fs.readFileSync(path.join(SDK_DIR, "index.js"), "utf8");
  for (const marker of SDK_MARKERS) expect(sdkSource, `"${marker}" should be an SDK string`).toContain(marker);
  const openaiSource = fs.readFileSync(path.join(OPENAI_SDK_DIR, "client.js"), "utf8");
  for (const marker of OPENAI_SDK_MARKERS) expect(openaiSource, `"${marker}" should be an openai SDK string`).toContain(marker);

  const chunks = filesUnder(STATIC_DIR).filter((file) => /\.(m?js|css|json|html|txt|map)$/.test(file));
  expect(chunks.filter((file) => file.endsWith(".js")).length, "the build has client JavaScript chunks").toBeGreaterThan(0);

  const keys = [process.env.ANTHROPIC_API_KEY, process.env.OPENAI_API_KEY, process.env.BUNDLE_TEST_API_KEY, LAB_SENTINEL_KEY].filter((key): key is string => Boolean(key && key.length >= 8));
  const needles = [...SDK_MARKERS, ...OPENAI_SDK_MARKERS, "@anthropic-ai/sdk", "ANTHROPIC_API_KEY", "OPENAI_API_KEY", ...keys];
  const findings = chunks.flatMap((file) => {
    const text = fs.readFileSync(file, "utf8");
    return needles.filter((needle) => text.includes(needle)).map((needle) => `${path.relative(REPO, file)} contains ${keys.includes(needle) ? "an API key value" : `"${needle}"`}`);
  });
  expect(findings).toEqual([]);
});
