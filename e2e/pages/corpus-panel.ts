import type { Locator, Page } from "@playwright/test";

/** The sessions page's search box and the corpus view (filters, totals) above the sessions table. */
export class CorpusPanel {
  readonly searchInput: Locator;
  readonly searchResults: Locator;
  readonly searchSummary: Locator;
  readonly hits: Locator;
  readonly filters: Locator;
  readonly totals: Locator;
  readonly totalSessions: Locator;
  readonly totalTokens: Locator;
  readonly totalUsd: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.searchInput = page.getByTestId("session-search-input");
    this.searchResults = page.getByTestId("session-search-results");
    this.searchSummary = page.getByTestId("session-search-summary");
    this.hits = page.getByTestId("search-hit");
    this.filters = page.getByTestId("corpus-filters");
    this.totals = page.getByTestId("corpus-totals");
    this.totalSessions = page.getByTestId("corpus-total-sessions");
    this.totalTokens = page.getByTestId("corpus-total-tokens");
    this.totalUsd = page.getByTestId("corpus-total-usd");
    this.rows = page.getByTestId("session-row");
  }

  async search(query: string) {
    await this.searchInput.fill(query);
    await this.searchInput.press("Enter");
  }

  filter(name: "agent" | "model" | "project" | "from" | "to" | "minTokens" | "maxTokens" | "compactions" | "findings"): Locator {
    return this.page.getByTestId(`corpus-filter-${name}`);
  }
}
