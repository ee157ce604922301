import { expect, type Locator, type Page } from "@playwright/test";

/** Several sessions at once (/compare): session checkboxes, the configuration builder, per-session tables, the aggregate. */
export class CompareMultiPage {
  readonly runButton: Locator;
  readonly progress: Locator;
  readonly aggregate: Locator;
  readonly aggregateRows: Locator;
  readonly sessionResults: Locator;

  constructor(readonly page: Page) {
    this.runButton = page.getByTestId("multi-run");
    this.progress = page.getByTestId("compare-progress");
    this.aggregate = page.getByTestId("aggregate-table");
    this.aggregateRows = page.getByTestId("aggregate-row");
    this.sessionResults = page.getByTestId("multi-session-result");
  }

  async goto() {
    await this.page.goto("/compare");
    await expect(this.page.getByTestId("config-builder")).toBeVisible({ timeout: 20_000 });
  }

  async pickSession(id: string) {
    await this.page.locator(`[data-testid="multi-session-checkbox"][data-session-id="${id}"]`).check();
  }

  async addStrategy(id: string) {
    await this.page.getByTestId("add-strategy-select").selectOption(id);
    await this.page.getByTestId("add-config").click();
  }

  async run(timeout = 60_000) {
    await this.runButton.click();
    await expect(this.progress).toHaveAttribute("data-phase", "done", { timeout });
  }
}
