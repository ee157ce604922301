import { describe, expect, it } from "vitest";
import { fakeCredentials } from "../testing/fake-credentials";
import { ANCHORED_RULES, mayHoldSecret } from "./may-hold-secret";
import { SECRET_RULES } from "./secretlint-config";

describe("mayHoldSecret", () => {
  it("was written from exactly the preset's scanner rules: a rule added or renamed by an upgrade fails here", () => {
    const presetRules = SECRET_RULES.map((rule) => rule.meta.id.replace("@secretlint/secretlint-rule-", "")).sort();
    expect([...ANCHORED_RULES].sort()).toEqual(presetRules);
  });

  it.each(fakeCredentials())("lets text holding a $rule credential through", ({ value }) => {
    expect(mayHoldSecret(`output:\n${value}\n`)).toBe(true);
  });

  it.each(["fix the bug in src/app.ts", "npm test passed: 42 tests", "the settings page", '{"command":"ls -la /tmp"}'])("skips %j", (text) => {
    expect(mayHoldSecret(text)).toBe(false);
  });
});
