import { expect, type Locator, type Page } from "@playwright/test";

/** The parameter sweep (/sessions/:id/sweep): strategy, one or two axes, progress and the heatmap. */
export class CompareSweepPage {
  readonly form: Locator;
  readonly runButton: Locator;
  readonly progress: Locator;
  readonly heatmap: Locator;
  readonly cells: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByTestId("sweep-form");
    this.runButton = page.getByTestId("sweep-run");
    this.progress = page.getByTestId("compare-progress");
    this.heatmap = page.getByTestId("sweep-heatmap");
    this.cells = page.getByTestId("sweep-cell");
  }

  async goto(sessionId: string) {
    await this.page.goto(`/sessions/${sessionId}/sweep`);
    await expect(this.form).toBeVisible({ timeout: 20_000 });
  }

  async pickStrategy(id: string) {
    await this.page.getByTestId("sweep-strategy").selectOption(id);
  }

  async setAxis(axis: "x" | "y", range: { key: string; from: number; to: number; steps: number }) {
    if (axis === "y" && !(await this.page.getByTestId("sweep-y-enabled").isChecked())) await this.page.getByTestId("sweep-y-enabled").check();
    await this.page.getByTestId(`sweep-${axis}-key`).selectOption(range.key);
    await this.page.getByTestId(`sweep-${axis}-from`).fill(String(range.from));
    await this.page.getByTestId(`sweep-${axis}-to`).fill(String(range.to));
    await this.page.getByTestId(`sweep-${axis}-steps`).fill(String(range.steps));
  }

  async setWindow(tokens: number) {
    await this.page.getByTestId("compare-window").fill(String(tokens));
  }

  async run(timeout = 60_000) {
    await this.runButton.click();
    await expect(this.progress).toHaveAttribute("data-phase", "done", { timeout });
  }

  cell(x: number, y: number): Locator {
    return this.page.locator(`[data-testid="sweep-cell"][data-x="${x}"][data-y="${y}"]`);
  }
}
