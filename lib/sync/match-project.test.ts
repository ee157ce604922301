import { describe, expect, it } from "vitest";
import { matchProject } from "./match-project";

describe("matchProject", () => {
  it.each([
    ["/home/me/work/api", [], [], true],
    ["/home/me/work/api", ["api"], [], true],
    ["/home/me/work/api", ["web"], [], false],
    ["/home/me/work/api", ["/home/me/work/**"], [], true],
    ["/home/me/work/api", ["a*"], [], true],
    ["/home/me/work/api", [], ["/home/me/**"], false],
    ["/home/me/work/api", ["api"], ["api"], false],
    ["-home-me-work-api", ["*work-api"], [], true],
  ] as const)("%s with include %j, exclude %j → %s", (project, include, exclude, expected) => {
    expect(matchProject(project, { include, exclude })).toBe(expected);
  });
});
