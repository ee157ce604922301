import { describe, expect, it } from "vitest";
import { CompareSpecError, parseCompareConfigs } from "./parse-compare-configs";

describe("parseCompareConfigs", () => {
  it.each([
    ["none", [{ strategy: "none", settings: {} }]],
    [" none , pi ", [{ strategy: "none", settings: {} }, { strategy: "pi", settings: {} }]],
    ["trim-messages:maxConversationMessages=20", [{ strategy: "trim-messages", settings: { maxConversationMessages: 20 } }]],
    [
      'opencode:prune=false; model=claude x ;name="20";empty=null,pi:',
      [
        { strategy: "opencode", settings: { prune: false, model: "claude x", name: "20", empty: null } },
        { strategy: "pi", settings: {} },
      ],
    ],
    ["pi:keepRecentTokens=20000;", [{ strategy: "pi", settings: { keepRecentTokens: 20000 } }]],
  ])("%s", (spec, configs) => {
    expect(parseCompareConfigs(spec)).toEqual(configs);
  });

  it.each([
    ["nope", /unknown strategy "nope" \(one of none, trim-messages, .*pi/],
    ["none,,pi", /configuration 2 is empty/],
    ["pi:keepRecentTokens", /pi:keepRecentTokens: settings take key=value, got "keepRecentTokens"/],
    ["pi:=3", /settings take key=value, got "=3"/],
    ["pi:a=1;a=2", /setting "a" is given twice/],
  ])("%s is refused: %s", (spec, message) => {
    expect(() => parseCompareConfigs(spec)).toThrow(CompareSpecError);
    expect(() => parseCompareConfigs(spec)).toThrow(message);
  });
});
