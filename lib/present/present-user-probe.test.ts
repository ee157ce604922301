import { describe, expect, it } from "vitest";
import { presentUserProbe } from "./present-user-probe";

describe("presentUserProbe (the wire format the API has always sent)", () => {
  it.each([
    { label: undefined, json: '{"id":"p1","sessionId":"s1","kind":"regex","pattern":"TS\\\\d{4}","createdAt":"2026-11-25T14:00:00.000Z"}' },
    { label: "an error", json: '{"id":"p1","sessionId":"s1","kind":"regex","pattern":"TS\\\\d{4}","label":"an error","createdAt":"2026-11-25T14:00:00.000Z"}' },
  ])("a user probe with label $label", ({ label, json }) => {
    const record = { id: "p1", sessionId: "s1", kind: "regex" as const, pattern: "TS\\d{4}", ...(label === undefined ? {} : { label }), createdAt: new Date("2026-11-25T14:00:00.000Z") };
    expect(JSON.stringify(presentUserProbe(record))).toBe(json);
  });
});
