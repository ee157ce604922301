import { describe, expect, it } from "vitest";
import { findStrategy, strategies } from "./index";
import { reproducedVersionLabel, reproducedVersionOf } from "./reproduced-version-of";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const peers = strategies.filter((strategy) => strategy.source.kind === "peer");

describe("strategy sources (issue #41)", () => {
  it("covers every agent and provider the lab reproduces", () => {
    expect(peers.map((strategy) => strategy.id)).toEqual(
      expect.arrayContaining(["claude-code", "claude-code@2.1.299", "codex", "gemini-cli", "pi", "opencode@v2", "kilo-code", "goose", "anthropic-compaction", "anthropic-on-demand-compaction", "openai-compaction", "anthropic-clear-tool-uses"]),
    );
  });

  it.each(peers.map((strategy) => [strategy.id, strategy] as const))("%s says which version it reproduces, as of when, from where", (_id, strategy) => {
    const source = strategy.source;
    if (source.kind !== "peer") throw new Error("not a peer");
    expect(source.version === null || source.version.trim().length > 0).toBe(true);
    expect(source.asOf).toMatch(ISO_DATE);
    expect(Number.isNaN(Date.parse(source.asOf))).toBe(false);
    expect(source.url).toMatch(/^https:\/\//);
    for (const item of source.undocumented ?? []) expect(item.length).toBeGreaterThan(20);
    if (source.retired) expect(source.retired.on).toMatch(ISO_DATE);
  });

  it.each(strategies.filter((strategy) => strategy.versionOf !== undefined).map((strategy) => [strategy.id, strategy] as const))(
    "%s is a dated later version of a strategy that stays registered",
    (id, strategy) => {
      const earlier = findStrategy(strategy.versionOf!);
      expect(earlier, `${id} names ${strategy.versionOf}`).toBeDefined();
      expect(id.startsWith(`${strategy.versionOf}@`)).toBe(true);
      const [newer, older] = [reproducedVersionOf(id), reproducedVersionOf(strategy.versionOf!)];
      expect(newer, `${id} says which version it is`).not.toBeNull();
      // a seed's design (opencode: seed 003) carries no agent version to be later than
      if (older) expect(newer!.asOf > older.asOf).toBe(true);
    },
  );

  it("keeps ids URL- and CLI-safe: kebab-case, an optional @version", () => {
    for (const strategy of strategies) expect(strategy.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*(@[a-z0-9][a-z0-9.-]*)?$/);
  });

  it("marks gemini-cli retired on 2026-06-18 and keeps it selectable", () => {
    const source = findStrategy("gemini-cli")!.source;
    expect(source.kind === "peer" && source.retired?.on).toBe("2026-06-18");
  });

  it("labels a version for tables, the date alone when the source names none", () => {
    expect(reproducedVersionLabel(reproducedVersionOf("claude-code@2.1.299")!)).toBe("2.1.299, 2026-10-14");
    expect(reproducedVersionLabel(reproducedVersionOf("openai-compaction")!)).toBe("as of 2026-11-26");
    expect(reproducedVersionOf("evidence")).toBeNull();
    expect(reproducedVersionOf("no-such-strategy")).toBeNull();
  });
});
