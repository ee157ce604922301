import { describe, expect, it } from "vitest";
import { DEFAULT_REPLAY_WINDOW, resolveWindow } from "./resolve-window";

describe("resolveWindow", () => {
  it("the requested window, else the session's, else 200,000", () => {
    expect(resolveWindow(60_000, 128_000)).toBe(60_000);
    expect(resolveWindow(undefined, 128_000)).toBe(128_000);
    expect(resolveWindow(null, null)).toBe(DEFAULT_REPLAY_WINDOW);
    expect(DEFAULT_REPLAY_WINDOW).toBe(200_000);
  });
});
