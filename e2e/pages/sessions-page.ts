import { expect, type Locator, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";

/** The sessions page (/): upload panel and the sessions table. */
export class SessionsPage {
  readonly dropzone: Locator;
  readonly fileInput: Locator;
  readonly formatSelect: Locator;
  readonly progress: Locator;
  readonly error: Locator;
  readonly success: Locator;
  readonly multiSession: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly emptyState: Locator;

  constructor(readonly page: Page) {
    this.dropzone = page.getByTestId("upload-dropzone");
    this.fileInput = page.getByTestId("upload-input");
    this.formatSelect = page.getByTestId("upload-format");
    this.progress = page.getByTestId("upload-progress");
    this.error = page.getByTestId("upload-error");
    this.success = page.getByTestId("upload-success");
    this.multiSession = page.getByTestId("upload-multi");
    this.table = page.getByTestId("sessions-table");
    this.rows = page.getByTestId("session-row");
    this.emptyState = page.getByTestId("empty-state");
  }

  async goto() {
    await this.page.goto("/");
    await expect(this.dropzone).toBeVisible();
  }

  async chooseFormat(format: string) {
    await this.formatSelect.selectOption(format);
  }

  /** Upload through the hidden file input (what "Choose file…" opens). */
  async uploadWithPicker(file: string) {
    await this.fileInput.setInputFiles(file);
  }

  /** Upload by dispatching a real drop event carrying the file's bytes. */
  async uploadByDrop(file: string) {
    const content = fs.readFileSync(file).toString("base64");
    const dataTransfer = await this.page.evaluateHandle(
      ({ name, base64 }) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], name, { type: "application/octet-stream" }));
        return transfer;
      },
      { name: path.basename(file), base64: content },
    );
    await this.dropzone.dispatchEvent("dragover", { dataTransfer });
    await this.dropzone.dispatchEvent("drop", { dataTransfer });
  }

  /** Waits for the success line and opens the imported session. */
  async openImportedSession() {
    await expect(this.success).toBeVisible({ timeout: 30_000 });
    await this.success.getByRole("link", { name: /open session/i }).click();
  }

  row(title: string | RegExp): Locator {
    return this.rows.filter({ hasText: title });
  }
}
