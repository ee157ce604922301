import { expect, type Locator, type Page } from "@playwright/test";

/** The recommender at /recommend: its form, and the stored recommendation under ?id=. */
export class RecommendPage {
  readonly recommendation: Locator;
  readonly verdict: Locator;
  readonly chart: Locator;
  readonly points: Locator;
  readonly frontierSteps: Locator;
  readonly setting: Locator;
  readonly snippets: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.recommendation = page.getByTestId("recommendation");
    this.verdict = page.getByTestId("recommend-verdict");
    this.chart = page.getByTestId("recommend-chart");
    this.points = page.getByTestId("recommend-point");
    this.frontierSteps = page.getByTestId("recommend-frontier-step");
    this.setting = page.getByTestId("recommend-setting");
    this.snippets = page.getByTestId("recommend-snippets").first();
    this.rows = page.getByTestId("recommend-row");
  }

  async goto(id?: string): Promise<void> {
    await this.page.goto(id ? `/recommend?id=${encodeURIComponent(id)}` : "/recommend");
  }

  async pickSessions(ids: readonly string[]): Promise<void> {
    for (const id of ids) await this.page.locator(`[data-testid="recommend-session-checkbox"][data-session-id="${id}"]`).check();
  }

  /** Ticks exactly these strategies. */
  async pickStrategies(ids: readonly string[]): Promise<void> {
    const boxes = this.page.getByTestId("recommend-strategy");
    for (const box of await boxes.all()) {
      const id = await box.getAttribute("data-strategy");
      if (ids.includes(id ?? "")) await box.check();
      else await box.uncheck();
    }
  }

  async start(options: { model: string; window: number; shares: string; floor: number }): Promise<string> {
    await this.page.getByTestId("recommend-model").selectOption(options.model);
    await this.page.locator(`[data-testid="recommend-window"][data-window="${options.window}"]`).check();
    await this.page.getByTestId("recommend-shares").fill(options.shares);
    await this.page.getByTestId("recommend-floor").fill(String(options.floor));
    await this.page.getByTestId("recommend-run").click();
    await expect(this.page).toHaveURL(/\/recommend\?id=/);
    return new URL(this.page.url()).searchParams.get("id")!;
  }

  async waitUntilEnded(timeout: number): Promise<void> {
    await expect(this.recommendation).not.toHaveAttribute("data-state", "running", { timeout });
  }
}
