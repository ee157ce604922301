import { describe, expect, it } from "vitest";
import { logTicks } from "@/lib/client/fit-y-domain";
import { tokenYAxisProps } from "./token-y-axis-props";

describe("tokenYAxisProps", () => {
  it.each(["fit", "full"] as const)("%s: a linear axis over the domain, recharts' own ticks", (mode) => {
    const props = tokenYAxisProps(mode, [0, 210_000]);
    expect(props.scale).toBe("linear");
    expect(props.domain).toEqual([0, 210_000]);
    expect(props.ticks).toBeUndefined();
    expect(props.allowDataOverflow).toBe(true);
  });

  it("log: a log axis with the powers of ten inside the domain as ticks", () => {
    const props = tokenYAxisProps("log", [10_000, 29_400_000]);
    expect(props.scale).toBe("log");
    expect(props.ticks).toEqual(logTicks([10_000, 29_400_000]));
    expect(props.ticks).toEqual([10_000, 100_000, 1_000_000, 10_000_000]);
  });

  it("labels ticks as compact token counts", () => {
    const { tickFormatter } = tokenYAxisProps("fit", [0, 1]);
    expect(tickFormatter(0)).toBe("0");
    expect(tickFormatter(200_000)).toBe("200K");
  });
});
