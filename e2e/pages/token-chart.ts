import { expect, type Locator, type Page } from "@playwright/test";

/**
 * A token chart (the run chart on the session page, the compare chart): its plot box, its lines, its brush.
 * The plot box is read from recharts' own x-axis line, which spans the plot exactly.
 */
export class TokenChart {
  readonly lines: Locator;
  readonly brushTravellers: Locator;

  constructor(
    readonly page: Page,
    readonly root: Locator,
  ) {
    this.lines = root.locator("path.recharts-line-curve");
    this.brushTravellers = root.locator(".recharts-brush-traveller");
  }

  async plotBox(): Promise<{ x: number; y: number; width: number; height: number }> {
    const axis = await this.root.locator(".recharts-xAxis .recharts-cartesian-axis-line").first().boundingBox();
    const grid = await this.root.locator(".recharts-cartesian-grid").first().boundingBox();
    expect(axis, "the x axis line is drawn").not.toBeNull();
    expect(grid, "the grid is drawn").not.toBeNull();
    return { x: axis!.x, width: axis!.width, y: grid!.y, height: grid!.height };
  }

  /** Height of a line's drawn path as a share of the plot's height (a flat line on the axis is near 0). */
  async lineHeightShare(line: Locator): Promise<number> {
    const box = await line.boundingBox();
    const plot = await this.plotBox();
    expect(box, "the line is drawn").not.toBeNull();
    return Math.min(box!.height, plot.height) / plot.height;
  }

  /**
   * A click at `fraction` of the plot's width, and nothing else: a click event on whatever is drawn there, with no
   * pointer move before it (no hover, so no tooltip state a handler could lean on).
   */
  async clickWithoutHover(fraction: number, heightFraction = 0.5) {
    const plot = await this.plotBox();
    const x = plot.x + plot.width * fraction;
    const y = plot.y + plot.height * heightFraction;
    await this.page.evaluate(
      ([clientX, clientY]) => {
        const target = document.elementFromPoint(clientX, clientY);
        if (!target) throw new Error(`nothing drawn at ${clientX},${clientY}`);
        target.dispatchEvent(new MouseEvent("click", { clientX, clientY, bubbles: true, cancelable: true, view: window }));
      },
      [x, y] as const,
    );
  }

  /** Drags the brush's traveller `which` (0 left, 1 right) by `fraction` of the plot's width. */
  async dragBrush(which: 0 | 1, fraction: number) {
    const traveller = this.brushTravellers.nth(which);
    await this.root.scrollIntoViewIfNeeded();
    await expect(traveller).toBeInViewport();
    const box = (await traveller.boundingBox())!;
    const plot = await this.plotBox();
    const startX = box.x + box.width / 2;
    const startY = box.y + box.height / 2;
    await this.page.mouse.move(startX, startY);
    await this.page.mouse.down();
    await this.page.mouse.move(startX + (plot.width * fraction) / 2, startY, { steps: 4 });
    await this.page.mouse.move(startX + plot.width * fraction, startY, { steps: 4 });
    await this.page.mouse.up();
  }

  /**
   * The axes' tick labels, read by where they sit (recharts 3 draws the labels in a layer of their own, outside its
   * axis group): the x axis' under the plot, the y axis' left of it.
   */
  async tickLabels(axis: "x" | "y"): Promise<string[]> {
    const plot = await this.plotBox();
    const labels = this.root.locator(".recharts-cartesian-axis-tick-value");
    const found: string[] = [];
    for (let index = 0; index < (await labels.count()); index++) {
      const label = labels.nth(index);
      const box = await label.boundingBox();
      if (!box) continue;
      const under = box.y >= plot.y + plot.height - 1;
      const left = box.x + box.width <= plot.x + 1;
      if ((axis === "x" && under && !left) || (axis === "y" && left && !under)) found.push((await label.textContent()) ?? "");
    }
    return found;
  }

  async xRange(): Promise<[number, number]> {
    return [Number(await this.root.getAttribute("data-x-from")), Number(await this.root.getAttribute("data-x-to"))];
  }
}
