import { describe, expect, it } from "vitest";
import type { StrategyInfo } from "../api/contracts/run-schemas";
import { openingComparison, openingStrategy } from "./opening-comparison";

const strategy = (id: string, extra: Partial<StrategyInfo> = {}): StrategyInfo => ({
  id,
  label: id,
  description: "",
  versionOf: null,
  source: { kind: "peer" },
  defaults: { threshold: 1000 },
  settingsJsonSchema: {},
  prompt: null,
  prompts: [],
  provider: null,
  unavailable: null,
  opaque: false,
  ...extra,
});

const registry = [
  "none",
  "trim-messages",
  "observation-masking",
  "pi",
  "claude-code",
  "codex",
  "gemini-cli",
  "opencode",
  "keeper",
].map((id) => strategy(id));

function ids(format: Parameters<typeof openingComparison>[0]["format"], strategies = registry) {
  let counter = 0;
  return openingComparison({ strategies, format, nextId: () => `d${counter++}` });
}

describe("openingComparison", () => {
  it.each([
    { format: "pi" as const, own: "pi", ownIsAgent: true, expected: ["pi", "none", "keeper", "observation-masking", "claude-code", "codex"] },
    { format: "claude-code" as const, own: "claude-code", ownIsAgent: true, expected: ["claude-code", "none", "keeper", "observation-masking", "codex", "pi"] },
    { format: "gemini-cli" as const, own: "gemini-cli", ownIsAgent: true, expected: ["gemini-cli", "none", "keeper", "observation-masking", "claude-code", "codex"] },
    // a format of no single agent opens on the fallback, which is then not among the others
    { format: "openai" as const, own: "opencode", ownIsAgent: false, expected: ["opencode", "none", "keeper", "observation-masking", "claude-code", "codex"] },
    { format: null, own: "opencode", ownIsAgent: false, expected: ["opencode", "none", "keeper", "observation-masking", "claude-code", "codex"] },
  ])("a $format session opens on $own at its defaults, then five worth comparing", ({ format, own, ownIsAgent, expected }) => {
    const opening = ids(format)!;
    expect(opening.own).toBe(own);
    expect(opening.ownIsAgent).toBe(ownIsAgent);
    expect(opening.drafts.map((draft) => draft.strategy)).toEqual(expected);
    expect(opening.drafts.map((draft) => draft.id)).toEqual(["d0", "d1", "d2", "d3", "d4", "d5"]);
    // at the defaults, as copies (editing a draft never edits the strategy list)
    expect(opening.drafts[0].settings).toEqual({ threshold: 1000 });
    expect(opening.drafts[0].settings).not.toBe(registry[0].defaults);
    expect([...opening.whyById.keys()]).toEqual(expected.slice(1));
  });

  it("leaves out strategies that cannot run here and the providers' own compaction", () => {
    const strategies = [
      ...registry.filter((entry) => entry.id !== "keeper"),
      strategy("keeper", { unavailable: "needs a key" }),
      strategy("anthropic-compaction", { provider: "anthropic" }),
    ];
    const opening = ids("pi", strategies)!;
    expect(opening.drafts.map((draft) => draft.strategy)).toEqual(["pi", "none", "observation-masking", "claude-code", "codex", "opencode"]);
  });

  it("is undefined when there is nothing to hold the session's strategy against", () => {
    expect(ids("pi", [strategy("pi")])).toBeUndefined();
    expect(ids("pi", [])).toBeUndefined();
  });

  it("openingStrategy: the agent's own, else the fallback, else the first listed", () => {
    expect(openingStrategy(registry, "codex")?.id).toBe("codex");
    expect(openingStrategy(registry, "openai")?.id).toBe("opencode");
    expect(openingStrategy([strategy("none")], "openai")?.id).toBe("none");
  });
});
