import { describe, expect, it } from "vitest";
import { normalizeProbeText } from "../engine/evaluate/normalize-probe-text";
import type { Probe } from "../engine/evaluate/probe";
import { selectJudgeProbes } from "./judge-retention-select";

function probes(counts: Partial<Record<Probe["kind"], number>>): Probe[] {
  return Object.entries(counts).flatMap(([kind, count]) =>
    Array.from({ length: count ?? 0 }, (_, index) => {
      const text = `${kind} ${index}`;
      return { id: `${kind}-${index}`, kind: kind as Probe["kind"], text, normalized: normalizeProbeText(text), firstStep: index, messageId: `m${index}` };
    }),
  );
}

const countByKind = (selected: Probe[]) => selected.reduce<Record<string, number>>((counts, probe) => ({ ...counts, [probe.kind]: (counts[probe.kind] ?? 0) + 1 }), {});

describe("selectJudgeProbes", () => {
  it.each<[string, Partial<Record<Probe["kind"], number>>, number, Record<string, number>]>([
    ["under the cap: all", { rule: 2, identifier: 3 }, 60, { rule: 2, identifier: 3 }],
    ["equal shares", { rule: 10, identifier: 10 }, 6, { rule: 3, identifier: 3 }],
    ["a small kind gives its share back", { rule: 1, "file-path": 50, identifier: 400 }, 60, { rule: 1, "file-path": 30, identifier: 29 }],
    ["more kinds than the cap: the first kinds in PROBE_KINDS order", { identifier: 5, rule: 5, command: 5 }, 2, { rule: 1, command: 1 }],
    ["a cap of 0", { rule: 3 }, 0, {}],
  ])("%s", (_name, counts, max, expected) => {
    const selected = selectJudgeProbes(probes(counts), max);
    expect(countByKind(selected)).toEqual(expected);
    expect(selected.length).toBe(Math.min(max, probes(counts).length));
  });

  it("spreads a kind's picks over its list, keeps input order, and is deterministic", () => {
    const all = probes({ identifier: 100 });
    const selected = selectJudgeProbes(all, 4);
    expect(selected.map((probe) => probe.id)).toEqual(["identifier-12", "identifier-37", "identifier-62", "identifier-87"]);
    expect(selectJudgeProbes(all, 4)).toEqual(selected);
    const mixed = probes({ rule: 30, identifier: 30 }).reverse();
    const picked = selectJudgeProbes(mixed, 10);
    expect(picked.map((probe) => mixed.indexOf(probe))).toEqual([...picked.map((probe) => mixed.indexOf(probe))].sort((a, b) => a - b));
    expect(new Set(picked).size).toBe(10);
  });
});
