import { describe, expect, it } from "vitest";
import { generateSession } from "../../generator/generate-session";
import { contextAt, finalContext, type ContextSnapshot } from "../simulate/context-at";
import { replaySession } from "../simulate/replay-session";
import { findStrategy } from "../strategies";
import { contextText } from "./context-text";
import { extractProbes } from "./extract-probes";
import type { Probe } from "./probe";
import { indexedContextText, sessionTextIndex } from "./session-text-index";

const session = generateSession({ seed: 43, messages: 900 });
const probes = extractProbes(session);
const longest = Math.max(...probes.map((probe) => probe.normalized.length));

/** Every point retention scores: the final context and the context after each compaction or trim. */
async function snapshotsOf(strategy: string, settings: Record<string, unknown>): Promise<ContextSnapshot[]> {
  const result = await replaySession({ session, strategy: findStrategy(strategy)!, settings, window: 60_000 });
  const points = result.events.filter((event) => event.type === "compaction-end" || event.type === "trim");
  return [finalContext(session, result), ...points.map((event) => (event.step < result.steps.length ? contextAt(session, result, event.step) : finalContext(session, result)))];
}

describe("sessionTextIndex / indexedContextText: what searching the whole context text answers", () => {
  it.each([
    ["pi", { reserveTokens: 40_000 }],
    ["claude-code", {}],
    ["opencode", {}],
    ["trim-messages", { maxConversationMessages: 30 }],
    ["gemini-cli", { compressionThreshold: 0.2 }],
    ["none", {}],
  ])("%s %j: the same text and the same answer for every probe at every point", async (strategy, settings) => {
    const snapshots = await snapshotsOf(strategy, settings);
    const index = sessionTextIndex(session, probes);
    for (const snapshot of snapshots) {
      const whole = contextText(snapshot);
      const text = indexedContextText({ snapshot, session, index, longest });
      expect(text.whole()).toBe(whole);
      const differ = probes.filter((probe) => probe.normalized.length > 0 && text.has(probe.normalized) !== whole.includes(probe.normalized));
      expect(differ.map((probe) => probe.id)).toEqual([]);
    }
  });

  it("finds a probe across the space between a context's head and its run of the session's own messages", async () => {
    // a context after a compaction: its summary, then the session's own messages it kept
    const lastSynthetic = (point: ContextSnapshot) => point.messages.map((entry) => entry.sessionIndex).lastIndexOf(null);
    const snapshot = (await snapshotsOf("pi", { reserveTokens: 40_000 })).find((point) => lastSynthetic(point) >= 0 && lastSynthetic(point) < point.messages.length - 1)!;
    expect(snapshot).toBeDefined();
    const cut = lastSynthetic(snapshot) + 1;
    const head = contextText({ ...snapshot, messages: snapshot.messages.slice(0, cut) });
    const rest = contextText({ ...snapshot, messages: snapshot.messages.slice(cut) });
    const across = `${head.slice(-7)} ${rest.slice(0, 9)}`;
    const straddling: Probe[] = [...probes, { ...probes[0], id: "identifier-across", normalized: across }];
    const index = sessionTextIndex(session, straddling);
    const text = indexedContextText({ snapshot, session, index, longest: Math.max(longest, across.length) });
    expect(contextText(snapshot).includes(across)).toBe(true);
    expect(text.has(across)).toBe(true);
    expect(head.includes(across) || rest.includes(across)).toBe(false);
  });
});
