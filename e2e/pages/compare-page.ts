import { expect, type Download, type Locator, type Page } from "@playwright/test";

/** The compare view (/sessions/:id/compare): configuration builder, shared options, progress, chart, table, probes. */
export class ComparePage {
  readonly builder: Locator;
  readonly configCards: Locator;
  readonly runButton: Locator;
  readonly progress: Locator;
  readonly chart: Locator;
  readonly chartLines: Locator;
  readonly legendItems: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly error: Locator;
  readonly probes: Locator;
  readonly userProbes: Locator;
  readonly userProbeError: Locator;
  readonly lostProbes: Locator;

  constructor(readonly page: Page) {
    this.builder = page.getByTestId("config-builder");
    this.configCards = page.getByTestId("config-card");
    this.runButton = page.getByTestId("compare-run");
    this.progress = page.getByTestId("compare-progress");
    this.chart = page.getByTestId("compare-chart");
    this.chartLines = this.chart.locator("path.recharts-line-curve");
    this.legendItems = page.getByTestId("compare-legend-item");
    this.table = page.getByTestId("compare-table");
    this.rows = page.getByTestId("compare-row");
    this.error = page.getByTestId("compare-error");
    this.probes = page.getByTestId("probes-panel");
    this.userProbes = page.getByTestId("user-probe");
    this.userProbeError = page.getByTestId("user-probe-error");
    this.lostProbes = page.getByTestId("lost-probes");
  }

  /** Opens the view and empties the builder it opens with, for a test that builds its own configurations. */
  async goto(sessionId: string) {
    await this.gotoOpened(sessionId);
    await this.page.getByTestId("clear-configs").click();
    await expect(this.configCards).toHaveCount(0);
  }

  /** Opens the view as a link to it does: ready to run, the session's own strategy and those worth comparing chosen. */
  async gotoOpened(sessionId: string) {
    await this.page.goto(`/sessions/${sessionId}/compare`);
    await expect(this.builder).toBeVisible({ timeout: 20_000 });
    await expect(this.page.getByTestId("compare-opening-note")).toBeVisible({ timeout: 20_000 });
  }

  async allStrategiesAtDefaults() {
    await this.page.getByTestId("all-defaults").click();
  }

  async addStrategy(id: string) {
    await this.page.getByTestId("add-strategy-select").selectOption(id);
    await this.page.getByTestId("add-config").click();
  }

  /** The number input of a setting inside one configuration card (its settings are open after Add). */
  settingInput(card: Locator, key: string): Locator {
    return card.getByTestId(`setting-${key}`).locator('input[type="number"]');
  }

  async setWindow(tokens: number) {
    await this.page.getByTestId("compare-window").fill(String(tokens));
  }

  /** Runs and waits for the stream to end in `phase`. */
  async run(phase: "done" | "failed" | "cancelled" = "done", timeout = 60_000) {
    await this.runButton.click();
    await expect(this.progress).toHaveAttribute("data-phase", phase, { timeout });
  }

  row(strategy: string): Locator {
    return this.page.locator(`[data-testid="compare-row"][data-strategy="${strategy}"]`);
  }

  rowByLabel(label: string): Locator {
    return this.page.locator(`[data-testid="compare-row"][data-config="${label}"]`);
  }

  async exportCsv(): Promise<Download> {
    const download = this.page.waitForEvent("download");
    await this.page.getByTestId("export-csv").click();
    return download;
  }

  async addUserProbe(kind: "text" | "regex", pattern: string, label?: string) {
    await this.page.getByTestId("user-probe-kind").selectOption(kind);
    await this.page.getByTestId("user-probe-pattern").fill(pattern);
    if (label) await this.page.getByTestId("user-probe-label").fill(label);
    await this.page.getByTestId("user-probe-add").click();
  }
}
