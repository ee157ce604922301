import { expect, type Locator, type Page } from "@playwright/test";
import { checkRadio } from "../fixtures/check-radio";

/** The playground on the session page: strategy panel, preview, run progress, run history, chart and overlays. */
export class PlaygroundPanel {
  readonly panel: Locator;
  readonly strategySelect: Locator;
  readonly windowInput: Locator;
  readonly preview: Locator;
  readonly previewTokens: Locator;
  readonly runButton: Locator;
  readonly progress: Locator;
  readonly cancelButton: Locator;
  readonly runLog: Locator;
  readonly history: Locator;
  readonly runRows: Locator;
  readonly chart: Locator;
  readonly pivotCards: Locator;
  readonly markedParts: Locator;
  readonly cutMarkers: Locator;
  readonly droppedMessages: Locator;
  readonly modelContext: Locator;
  readonly compareTable: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId("strategy-panel");
    this.strategySelect = page.getByTestId("strategy-select");
    this.windowInput = page.getByTestId("window-input");
    this.preview = page.getByTestId("preview");
    this.previewTokens = page.getByTestId("preview-tokens");
    this.runButton = page.getByTestId("run-button");
    this.progress = page.getByTestId("run-progress");
    this.cancelButton = page.getByTestId("run-cancel");
    this.runLog = page.getByTestId("run-log");
    this.history = page.getByTestId("run-history");
    this.runRows = page.getByTestId("run-row");
    this.chart = page.getByTestId("run-chart");
    this.pivotCards = page.getByTestId("pivot-card");
    this.markedParts = page.getByTestId("marked-part");
    this.cutMarkers = page.getByTestId("cut-marker");
    this.droppedMessages = page.locator('[data-testid="message"][data-dropped="true"]');
    this.modelContext = page.getByTestId("model-context");
    this.compareTable = page.getByTestId("run-compare-table");
  }

  async waitForPanel() {
    await expect(this.panel).toBeVisible({ timeout: 20_000 });
  }

  async pickStrategy(id: string) {
    await this.strategySelect.selectOption(id);
  }

  async setWindow(tokens: number) {
    await this.windowInput.fill(String(tokens));
  }

  /** The number input of a strategy setting. */
  setting(key: string): Locator {
    return this.page.locator(`#setting-${key}-input`);
  }

  async setSetting(key: string, value: number) {
    await this.setting(key).fill(String(value));
  }

  /** Asks for a forced (manual) compaction in the preview instead of what the strategy would do on its own. */
  async forcePreview() {
    await expect(this.preview).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
    const force = this.page.getByTestId("preview-force");
    if (await force.isVisible()) await force.click();
    await expect(this.preview).toHaveAttribute("data-mode", "forced", { timeout: 20_000 });
  }

  /** Waits for a settled preview and returns its "tokens after". */
  async previewTokensAfter(): Promise<number> {
    await expect(this.preview).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
    return Number(await this.preview.getAttribute("data-tokens-after"));
  }

  async chooseSummarizer(summarizer: "extractive" | "anthropic") {
    await checkRadio(this.page.getByTestId(`summarizer-${summarizer}`));
  }

  async setModel(model: string) {
    await this.page.getByTestId("model-input").fill(model);
  }

  /** Runs with the panel's settings and waits for the stream to end in `phase`. */
  async run(phase: "done" | "degraded" | "failed" | "cancelled" = "done", timeout = 60_000) {
    await this.runButton.click();
    await expect(this.progress).toHaveAttribute("data-phase", phase, { timeout });
  }

  async viewModelContext() {
    await this.page.getByTestId("view-model-context").click();
    await expect(this.modelContext).toBeVisible();
  }

  async viewTimeline() {
    await this.page.getByTestId("view-timeline").click();
  }

  chartMarkers(kind: "compaction" | "prune"): Locator {
    return this.chart.locator(`.marker-${kind}`);
  }
}
