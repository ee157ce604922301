import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { RecommendationView } from "../../api/contracts/recommend-schemas";
import { generateSession } from "../../generator/generate-session";
import { useTestDatabase } from "../../testing/use-test-database";
import { exportOpenAI } from "../../transcripts/export-openai";
import { runCli } from "../run-cli";

async function run(...args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
  return { code, stdout, stderr };
}

describe("lab recommend (a fresh SQLite database, the embedded queue in this process)", () => {
  useTestDatabase("sqlite");
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "lab-cli-recommend-"));
  const files = [1, 2].map((seed) => {
    const file = path.join(directory, `generated-${seed}.json`);
    fs.writeFileSync(file, JSON.stringify(exportOpenAI(generateSession({ seed, messages: 160 }))));
    return file;
  });
  const flags = ["--strategies", "pi,codex", "--windows", "30000", "--shares", "30,60", "--floor", "50", "--cost-model", "claude-sonnet-4-5"];

  it("prints every setting as a table with the verdict and the agents' snippets", async () => {
    const { code, stdout, stderr } = await run("recommend", ...files, ...flags);
    expect(code, stderr).toBe(0);
    expect(stderr).toMatch(/recommendation \S+ started/);
    expect(stderr).toMatch(/6\/6 replays ended|replays ended/);
    const lines = stdout.split("\n");
    expect(lines[0]).toMatch(/^setting\s+dollars\s+worst recall \[95%\]\s+mean recall\s+rank\s+floor\s+frontier$/);
    // 2 strategies × (default + 2 shares)
    const rows = lines.slice(2, 8);
    expect(rows.every((row) => /^(pi|codex) /.test(row))).toBe(true);
    expect(rows.some((row) => row.startsWith("pi @ 30% · 30K"))).toBe(true);
    expect(stdout).toMatch(/^Recommended: (pi|codex) .+ — \$\d+\.\d{4} over 2 sessions, worst continuation recall \d+\.\d% \[\d+\.\d–\d+\.\d\] \(floor 50\.0%\)\.$/m);
    expect(stdout).toMatch(/^# Codex CLI — ~\/\.codex\/config\.toml$/m);
    expect(stdout).toMatch(/^model_auto_compact_token_limit = \d+$/m);
    expect(stdout).toMatch(/^# GitHub Copilot CLI: .*no setting/m);
  }, 120_000);

  it("--json prints the recommendation as the API returns it; the files are the sessions already imported", async () => {
    const { code, stdout } = await run("recommend", ...files, ...flags, "--json");
    expect(code).toBe(0);
    const view = JSON.parse(stdout) as RecommendationView;
    expect(view.state).toBe("done");
    expect(view.runs).toEqual({ total: 12, ended: 12, failed: 0 });
    expect(view.points).toHaveLength(6);
    expect(view.request).toMatchObject({ strategies: ["pi", "codex"], windows: [30_000], shares: [0.3, 0.6], floor: 0.5, costModel: "claude-sonnet-4-5" });
    const meeting = view.points.filter((point) => point.meetsFloor).sort((a, b) => a.usd! - b.usd! || b.worstRecall! - a.worstRecall!);
    expect(view.recommended?.point.configIndex).toBe(meeting[0].configIndex);
  }, 120_000);

  it("still recommends a setting, with its snippet, when nothing meets the floor — and takes a relative floor", async () => {
    const strict = await run("recommend", ...files, ...flags.filter((flag) => flag !== "--floor" && flag !== "50"), "--floor", "100", "--json");
    expect(strict.code).toBe(0);
    const view = JSON.parse(strict.stdout) as RecommendationView;
    expect(view.points.some((point) => point.meetsFloor)).toBe(false);
    expect(view.recommended).not.toBeNull();
    expect(view.verdict).toMatchObject({ floorMet: false, floor: { kind: "absolute", value: 1 } });
    expect(view.verdict!.rule).not.toBe("cheapest-meeting-floor");
    expect(view.verdict!.shortBy).toBeCloseTo(100 - view.recommended!.point.worstRecall! * 100, 0);
    for (const point of view.points) expect(point.low! <= point.worstRecall! && point.worstRecall! <= point.high!).toBe(true);
    const text = await run("recommend", ...files, ...flags.filter((flag) => flag !== "--floor" && flag !== "50"), "--floor", "100");
    expect(text.stdout).toMatch(/^Floor not met: no setting keeps 100\.0% continuation recall on every session; the recommendation misses it by \d+\.\d points\.$/m);
    expect(text.stdout).toMatch(/^Recommended: /m);
    const relative = await run("recommend", ...files, ...flags.filter((flag) => flag !== "--floor" && flag !== "50"), "--within", "40", "--json");
    const relativeView = JSON.parse(relative.stdout) as RecommendationView;
    expect(relativeView.request.within).toBe(40);
    expect(relativeView.verdict?.floor).toEqual({ kind: "relative", within: 40 });
    expect((await run("recommend", files[0], "--strategies", "pi", "--floor", "50", "--within", "5")).code).toBe(2);
  }, 180_000);

  it("without --strategies sweeps the page's default strategies and still recommends one", async () => {
    const { code, stdout, stderr } = await run("recommend", files[0], "--windows", "30000", "--shares", "30", "--floor", "50", "--cost-model", "claude-sonnet-4-5", "--json");
    expect(code, stderr).toBe(0);
    const view = JSON.parse(stdout) as RecommendationView;
    expect(view.request.strategies).toEqual(["pi", "codex"]);
    expect(view.runs).toEqual({ total: 4, ended: 4, failed: 0 });
    expect(view.recommended).not.toBeNull();
    expect((await run("recommend", files[0], "--strategies", " , ")).code).toBe(2);
  }, 120_000);

  it("refuses a strategy with no trigger, an unknown session and a share out of range, with the reason", async () => {
    const none = await run("recommend", files[0], "--strategies", "none");
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/"none" has no compaction trigger/);
    const missing = await run("recommend", "no-such-session", "--strategies", "pi", "--windows", "200000");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no-such-session/);
    const share = await run("recommend", files[0], "--strategies", "pi", "--shares", "5");
    expect(share.code).toBe(2);
    expect(share.stderr).toMatch(/--shares takes percentages between 10 and 95, got "5"/);
  }, 60_000);
});
