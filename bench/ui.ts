import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { SourceMapConsumer } from "source-map-js";
import { generateSession } from "../lib/generator/generate-session";
import { exportOpenAI } from "../lib/transcripts/export-openai";

/**
 * `npm run bench:ui [-- --messages N] [-- --port P]`: the session page of a generated session (100,000 messages by
 * default) in real Chromium against the production build, measured with the Performance API — not asserted:
 * - first timeline rows: ms from the first page of messages arriving to the first message row on screen (it entered
 *   the DOM and the frame after that has been rendered: style, layout, paint) (goal ≤ 100 ms). The server renders
 *   that page into the HTML, so "arriving" is the document's responseEnd (rows shown while it still streams would
 *   give a negative figure); when the page was fetched instead, that fetch's responseEnd. Also printed from
 *   navigation, with the document's own timings;
 * - the chart: ms from the session detail arriving to the chart's line on screen, timed the same way (goal ≤ 300 ms);
 * - scrolling from top to bottom (the scroller moved in 40 steps, each waiting for its rows): long tasks over 50 ms
 *   (goal: none), their count and the longest;
 * - the page's main-thread CPU time while loading and while scrolling (with the wall time spent in script, layout and
 *   style): on a shared machine the wall-clock figures above grow with the load, CPU time much less, so compare
 *   before/after with it.
 * Builds the app first when .next is missing; serves it on a fresh SQLite file in data/bench-ui.db.
 * `--profile <dir>` also records the page's CPU profile of loading and of scrolling (Chrome DevTools' .cpuprofile
 * files, for the Performance panel) and prints the functions with the most self time in each; with a build made with
 * `LAB_BROWSER_SOURCE_MAPS=1` they are named by their source file and line. `--trace <file>` records a Chrome trace of
 * the loading (tasks, layout, paint, network), also for the Performance panel.
 */
const { values } = parseArgs({ options: { messages: { type: "string" }, port: { type: "string" }, profile: { type: "string" }, trace: { type: "string" } } });
const MESSAGES = Number(values.messages ?? 100_000);
const PORT = Number(values.port ?? 3400);
const ROOT = path.resolve(import.meta.dirname, "..");
const BASE = `http://127.0.0.1:${PORT}`;
/** Each chunk's source map (null when the build has none), read once: see frameName. */
const sourceMaps = new Map<string, SourceMapConsumer | null>();
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", DATABASE_URL: "file:./data/bench-ui.db", MAX_UPLOAD_BYTES: String(1_000_000_000) };

function log(line: string) {
  console.log(line);
}

async function waitForHealth(server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 180; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the server did not answer /api/health within 90 s");
}

if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
  process.stderr.write("[bench:ui] no production build: running next build\n");
  if (spawnSync(path.join(ROOT, "node_modules/.bin/next"), ["build"], { cwd: ROOT, stdio: "inherit", env }).status !== 0) process.exit(1);
}
fs.mkdirSync(path.join(ROOT, "data"), { recursive: true });
fs.rmSync(path.join(ROOT, "data", "bench-ui.db"), { force: true });
if (spawnSync(path.join(ROOT, "node_modules/.bin/prisma"), ["migrate", "deploy"], { cwd: ROOT, stdio: "ignore", env }).status !== 0) throw new Error("prisma migrate deploy failed");
const server = spawn("bash", [path.join(ROOT, "scripts/next-start.sh"), "-p", String(PORT)], { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
try {
  await waitForHealth(server);
  process.stderr.write(`[bench:ui] generating and uploading ${MESSAGES.toLocaleString("en-US")} messages\n`);
  const body = Buffer.from(JSON.stringify(exportOpenAI(generateSession({ seed: 9, messages: MESSAGES }))));
  const gz = gzipSync(body);
  const uploadStarted = performance.now();
  const response = await fetch(`${BASE}/api/sessions?name=bench-ui.json&format=openai`, { method: "POST", headers: { "content-type": "application/json", "content-encoding": "gzip" }, body: gz });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${(await response.text()).slice(0, 300)}`);
  const uploadMs = performance.now() - uploadStarted;
  const { id } = (await response.json()) as { id: string };

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"] });
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  // a string, not a function: tsx's transpiled functions call a helper (__name) the page does not have
  await page.addInitScript(`
    (() => {
      const state = { longTasks: [], firstRow: null, chartDrawn: null, chartPoints: 0, rowSeen: false, chartSeen: false };
      window.__bench = state;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: "longtask", buffered: true });
      // each is seen as the DOM changes, and timed once the next frame has been rendered (a task queued from that
      // frame's animation callback runs after its style, layout and paint): when it is first on screen
      const frameOf = (set) => requestAnimationFrame(() => setTimeout(() => set(performance.now()), 0));
      const look = () => {
        if (state.firstRow === null && !state.rowSeen && document.querySelector('[data-testid="timeline"] [data-testid="message"]')) {
          state.rowSeen = true;
          frameOf((time) => (state.firstRow = time));
        }
        if (state.chartDrawn === null && !state.chartSeen && document.querySelector('[data-testid="context-chart"] path.recharts-line-curve')) {
          state.chartSeen = true;
          state.chartPoints = Number(document.querySelector('[data-testid="context-chart"]')?.getAttribute("data-points") ?? 0);
          frameOf((time) => (state.chartDrawn = time));
        }
        return state.rowSeen && state.chartSeen;
      };
      const observer = new MutationObserver(() => look() && observer.disconnect());
      observer.observe(document, { childList: true, subtree: true });
    })();
  `);
  const profiler = values.profile ? await startProfiler(page) : null;
  if (values.trace) await browser.startTracing(page, { path: values.trace, categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "loading", "v8.execute", "toplevel"] });
  const metrics = await mainThreadMetrics(page);
  await page.goto(`${BASE}/sessions/${id}`);
  try {
    await page.waitForFunction(() => {
      const state = (window as unknown as { __bench: { firstRow: number | null; chartDrawn: number | null } }).__bench;
      return state.firstRow !== null && state.chartDrawn !== null;
    }, null, { timeout: 120_000 });
  } catch (error) {
    const seen = await page.evaluate(() => ({ url: location.href, bench: JSON.stringify((window as unknown as { __bench?: unknown }).__bench ?? null).slice(0, 300), rows: document.querySelectorAll('[data-testid="message"]').length, chart: document.querySelectorAll('[data-testid="context-chart"]').length, paths: document.querySelectorAll("path.recharts-line-curve").length }));
    throw new Error(`the page did not show rows and chart: ${JSON.stringify(seen)}`, { cause: error });
  }
  const load = await page.evaluate(() => {
    const state = (window as unknown as { __bench: { firstRow: number; chartDrawn: number; chartPoints: number; longTasks: { duration: number }[] } }).__bench;
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const firstPage = resources.find((entry) => entry.name.includes("/messages?cursor="));
    const detail = resources.find((entry) => /\/api\/sessions\/[^/?]+$/.test(new URL(entry.name).pathname));
    const documentTiming = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return {
      // the first page travels in the document when the server rendered it (app/sessions/[id]/page.tsx)
      firstPageInHtml: firstPage === undefined,
      documentStart: documentTiming.responseStart,
      documentEnd: documentTiming.responseEnd,
      documentBytes: documentTiming.encodedBodySize,
      firstPageEnd: firstPage?.responseEnd ?? documentTiming.responseEnd,
      detailEnd: detail?.responseEnd ?? null,
      firstPageBytes: firstPage?.encodedBodySize ?? null,
      detailBytes: detail?.encodedBodySize ?? null,
      firstRow: state.firstRow,
      chartDrawn: state.chartDrawn,
      chartPoints: state.chartPoints,
      longTasksAtLoad: state.longTasks.map((task) => task.duration),
    };
  });
  const loadCpu = await metrics.read();
  if (values.trace) {
    await browser.stopTracing();
    log(`  loading: Chrome trace in ${values.trace} (open it in DevTools' Performance panel)`);
  }
  if (profiler) await profiler.stopInto(path.join(values.profile!, "load.cpuprofile"), "loading");
  const scrollProfiler = values.profile ? await startProfiler(page) : null;
  const before = await page.evaluate(() => (window as unknown as { __bench: { longTasks: unknown[] } }).__bench.longTasks.length);
  // top to bottom: 40 steps of the scroller, each waiting for rows at the new position
  const scrollStarted = performance.now();
  const steps = 40;
  for (let step = 1; step <= steps; step++) {
    await page.getByTestId("timeline").evaluate((element, fraction) => element.scrollTo({ top: (element.scrollHeight - element.clientHeight) * fraction }), step / steps);
    await page.waitForTimeout(150);
  }
  await page.waitForFunction(() => document.querySelector('[data-testid="timeline"] [data-testid="message"]') !== null);
  const scrollMs = performance.now() - scrollStarted;
  const scrollCpu = await metrics.read();
  if (scrollProfiler) await scrollProfiler.stopInto(path.join(values.profile!, "scroll.cpuprofile"), "scrolling");
  const scroll = await page.evaluate((from) => (window as unknown as { __bench: { longTasks: { duration: number }[] } }).__bench.longTasks.slice(from).map((task) => task.duration), before);
  const lastRow = await page.evaluate(() => Math.max(...[...document.querySelectorAll('[data-testid="timeline"] [data-testid="message"]')].map((row) => Number(row.getAttribute("data-seq")))));
  await browser.close();

  const ms = (value: number | null) => (value === null ? "—" : `${value.toFixed(0)} ms`);
  log(`bench:ui — ${MESSAGES.toLocaleString("en-US")}-message generated session (${(body.length / 1e6).toFixed(0)} MB JSON, ${(gz.length / 1e6).toFixed(1)} MB gzipped), Chromium ${browser.version()}, ${os.cpus().length} cores`);
  const firstPageWhere = load.firstPageInHtml ? `in the HTML (document ${ms(load.documentStart)}–${ms(load.documentEnd)}, ${(load.documentBytes / 1e3).toFixed(0)} KB)` : `${ms(load.firstPageEnd)} (${((load.firstPageBytes ?? 0) / 1e3).toFixed(0)} KB)`;
  log(`  after navigation: first page of messages ${firstPageWhere}, session detail ${ms(load.detailEnd)} (${((load.detailBytes ?? 0) / 1e3).toFixed(0)} KB), first rows ${ms(load.firstRow)}, chart ${ms(load.chartDrawn)} (${load.chartPoints} points)`);
  log(`  upload + import                      ${ms(uploadMs)}`);
  log(`  first timeline rows after navigation ${ms(load.firstRow)}`);
  log(`  first timeline rows after data       ${ms(load.firstRow - load.firstPageEnd)}${load.firstPageInHtml ? " after the HTML's last byte" : ""} (goal ≤ 100 ms)`);
  log(`  chart drawn after the session detail ${ms(load.detailEnd === null ? null : load.chartDrawn - load.detailEnd)} (goal ≤ 300 ms)`);
  log(`  long tasks while loading             ${load.longTasksAtLoad.length} (longest ${ms(load.longTasksAtLoad.length ? Math.max(...load.longTasksAtLoad) : 0)})`);
  log(`  main-thread CPU while loading         ${cpu(loadCpu)}`);
  log(`  main-thread CPU while scrolling       ${cpu(minus(scrollCpu, loadCpu))}`);
  log(`  scrolling top to bottom (${steps} steps)   ${ms(scrollMs)}, last row seen #${lastRow.toLocaleString("en-US")}; long tasks over 50 ms: ${scroll.length} (longest ${ms(scroll.length ? Math.max(...scroll) : 0)}) (goal: none)`);
} finally {
  server.kill("SIGTERM");
}

/** Main-thread CPU time in ms, and the wall-clock time the thread spent in script, layout and style. */
interface MainThreadCpu {
  thread: number;
  script: number;
  layout: number;
  style: number;
}

/**
 * The page's main-thread CPU time (Chrome's Performance domain, cumulative since the page's process started): unlike
 * the wall-clock figures it hardly moves when other processes load the machine, so before/after comparisons on a
 * shared machine can use it.
 */
async function mainThreadMetrics(page: import("@playwright/test").Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  return {
    async read(): Promise<MainThreadCpu> {
      const { metrics } = await cdp.send("Performance.getMetrics");
      const valueOf = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? 0) * 1_000;
      return { thread: valueOf("ThreadTime"), script: valueOf("ScriptDuration"), layout: valueOf("LayoutDuration"), style: valueOf("RecalcStyleDuration") };
    },
  };
}

function minus(after: MainThreadCpu, before: MainThreadCpu): MainThreadCpu {
  return { thread: after.thread - before.thread, script: after.script - before.script, layout: after.layout - before.layout, style: after.style - before.style };
}

function cpu(value: MainThreadCpu): string {
  // the parts are Chrome's durations, wall-clock: under load they can add up to more than the CPU time
  return `${value.thread.toFixed(0)} ms (wall time in script ${value.script.toFixed(0)} ms, layout ${value.layout.toFixed(0)} ms, style ${value.style.toFixed(0)} ms)`;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Chrome's sampling profiler over the DevTools protocol, 200 µs between samples. */
async function startProfiler(page: import("@playwright/test").Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  return {
    async stopInto(file: string, label: string) {
      const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: CpuProfile };
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
      log(`  ${label}: CPU profile in ${file}; most self time:`);
      for (const line of topSelfTime(profile, 12)) log(`    ${line}`);
    },
  };
}

/**
 * Self time per function (name and source position), largest first. A build made with `LAB_BROWSER_SOURCE_MAPS=1`
 * has a .map beside each chunk: frames are then named by their original file, line and function.
 */
function topSelfTime(profile: CpuProfile, count: number): string[] {
  const nodeById = new Map(profile.nodes.map((node) => [node.id, node]));
  const microsByKey = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const key = frameName(nodeById.get(id)!.callFrame);
    microsByKey.set(key, (microsByKey.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  return [...microsByKey.entries()].sort((a, b) => b[1] - a[1]).slice(0, count).map(([key, micros]) => `${(micros / 1_000).toFixed(0).padStart(6)} ms  ${key}`);
}


function frameName(frame: CpuProfile["nodes"][number]["callFrame"]): string {
  const chunk = frame.url.replace(/^.*\/_next\//, "");
  const generated = `${frame.functionName || "(anonymous)"} ${chunk}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
  if (!chunk.startsWith("static/")) return generated;
  if (!sourceMaps.has(chunk)) {
    // Turbopack names a chunk's map in its last line (`//# sourceMappingURL=<hash>.js.map`), not after the chunk
    const file = path.join(ROOT, ".next", chunk);
    const mapName = fs.existsSync(file) ? /\/\/# sourceMappingURL=(\S+\.map)\s*$/.exec(fs.readFileSync(file, "utf8").slice(-200))?.[1] : undefined;
    const mapFile = mapName ? path.join(path.dirname(file), mapName) : null;
    sourceMaps.set(chunk, mapFile && fs.existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, "utf8"))) : null);
  }
  const original = sourceMaps.get(chunk)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!original?.source) return generated;
  const source = original.source.replace(/^.*?(node_modules\/|\[project\]\/)/, "$1").replace(/^\[project\]\//, "");
  return `${original.name ?? frame.functionName ?? "(anonymous)"} ${source}:${original.line}`;
}
