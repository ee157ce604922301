import { expect, type Locator, type Page } from "@playwright/test";

/** The recommender at /recommend: its form, and the stored recommendation under ?id= (whose request refills the form). */
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

  /** The form shows this request: exactly these sessions, strategies and windows ticked, the model, shares and floor. */
  async expectForm(request: { sessionIds: readonly string[]; strategies: readonly string[]; model: string; windows: readonly number[]; shares: string; floor: number }): Promise<void> {
    const sessionBoxes = this.page.locator('[data-testid="recommend-session-checkbox"]:checked');
    await expect(sessionBoxes).toHaveCount(request.sessionIds.length);
    for (const id of request.sessionIds) await expect(this.page.locator(`[data-testid="recommend-session-checkbox"][data-session-id="${id}"]`)).toBeChecked();
    const strategyBoxes = this.page.locator('[data-testid="recommend-strategy"]:checked');
    await expect(strategyBoxes).toHaveCount(request.strategies.length);
    for (const id of request.strategies) await expect(this.page.locator(`[data-testid="recommend-strategy"][data-strategy="${id}"]`)).toBeChecked();
    await expect(this.page.getByTestId("recommend-model")).toHaveValue(request.model);
    await expect(this.page.locator('[data-testid="recommend-window"]:checked')).toHaveCount(request.windows.length);
    for (const window of request.windows) await expect(this.page.locator(`[data-testid="recommend-window"][data-window="${window}"]`)).toBeChecked();
    await expect(this.page.getByTestId("recommend-shares")).toHaveValue(request.shares);
    await expect(this.page.getByTestId("recommend-floor")).toHaveValue(String(request.floor));
  }

  async waitUntilEnded(timeout: number): Promise<void> {
    await expect(this.recommendation).not.toHaveAttribute("data-state", "running", { timeout });
  }
}
