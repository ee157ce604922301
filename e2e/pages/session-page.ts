import { expect, type Locator, type Page } from "@playwright/test";

/** The session page (/sessions/:id): header, context chart, virtualized timeline. */
export class SessionPage {
  readonly header: Locator;
  readonly chart: Locator;
  readonly timeline: Locator;
  readonly messages: Locator;
  readonly toolResults: Locator;
  readonly toolCalls: Locator;
  readonly compactionDividers: Locator;
  readonly summaryCards: Locator;
  readonly jumpInput: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByTestId("session-header");
    this.chart = page.getByTestId("context-chart");
    this.timeline = page.getByTestId("timeline");
    this.messages = this.timeline.getByTestId("message");
    this.toolResults = this.timeline.getByTestId("tool-result");
    this.toolCalls = this.timeline.getByTestId("tool-call");
    this.compactionDividers = this.timeline.getByTestId("compaction-divider");
    this.summaryCards = this.timeline.getByTestId("summary-card");
    this.jumpInput = page.getByTestId("jump-input");
  }

  async goto(id: string) {
    await this.page.goto(`/sessions/${id}`);
    await this.waitForTimeline();
  }

  async waitForTimeline() {
    await expect(this.header).toBeVisible();
    await expect(this.messages.first()).toBeVisible({ timeout: 20_000 });
  }

  /** The chart's drawn series (one SVG path per line). */
  chartLines(): Locator {
    return this.chart.locator("path.recharts-line-curve");
  }

  async jumpTo(index: number) {
    await this.jumpInput.fill(String(index));
    await this.jumpInput.press("Enter");
  }

  message(seq: number): Locator {
    return this.timeline.locator(`[data-testid="message"][data-seq="${seq}"]`);
  }

  async totalMessages(): Promise<number> {
    return Number(await this.timeline.getAttribute("data-total"));
  }

  /** Scrolls the timeline container by `pixels` (wheel, as a person would). */
  async scrollBy(pixels: number) {
    await this.timeline.hover();
    await this.page.mouse.wheel(0, pixels);
  }

  async scrollToBottom() {
    await this.timeline.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  }
}
