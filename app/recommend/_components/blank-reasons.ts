import type { RecommendationCell } from "@/lib/api/contracts/recommend-schemas";

/**
 * Why a figure of the recommender is "—" (issue #42, item 11): a short reason for the cell and a sentence for the
 * notes under the table. Reasons are kinds, so the notes list each once however many cells share it.
 */
export type BlankReason =
  | { kind: "unpriced"; model: string }
  | { kind: "no-model" }
  | { kind: "running" }
  | { kind: "failed"; error: string | null }
  | { kind: "no-facts" };

const ENDED_WITH_FIGURES = new Set(["done", "degraded"]);

/**
 * Why a setting's (or one cell's) dollars are missing; null when every cell has them. `costModel` is the model the
 * recommendation was priced at, when it named one: a model the price catalog does not know at all leaves no
 * `unpriced` on the cell (nothing was priced), but it is still the model without a price.
 */
export function whyNoDollars(cells: readonly RecommendationCell[], costModel?: string | null): BlankReason | null {
  if (cells.every((cell) => cell.usd !== null)) return null;
  return reasonOf(cells.filter((cell) => cell.usd === null), (cell) => {
    const model = cell.unpriced ?? costModel ?? null;
    return model ? { kind: "unpriced", model } : { kind: "no-model" };
  });
}

/** Why a setting's (or one cell's) continuation recall is missing; null when every cell has one. */
export function whyNoRecall(cells: readonly RecommendationCell[]): BlankReason | null {
  if (cells.every((cell) => cell.recall !== null)) return null;
  return reasonOf(cells.filter((cell) => cell.recall === null), () => ({ kind: "no-facts" }));
}

/** A run not ended or failed explains every blank of its cell first; otherwise the figure's own reason. */
function reasonOf(blank: readonly RecommendationCell[], ownReason: (cell: RecommendationCell) => BlankReason): BlankReason {
  const failed = blank.find((cell) => !ENDED_WITH_FIGURES.has(cell.status) && cell.status !== "queued" && cell.status !== "running");
  if (failed) return { kind: "failed", error: failed.error };
  if (blank.some((cell) => cell.status === "queued" || cell.status === "running")) return { kind: "running" };
  return ownReason(blank[0]);
}

/** The few words beside a "—". */
export function shortReason(reason: BlankReason): string {
  switch (reason.kind) {
    case "unpriced":
      return `no price for ${reason.model}`;
    case "no-model":
      return "no price for the sessions' model";
    case "running":
      return "still running";
    case "failed":
      return "run failed";
    case "no-facts":
      return "nothing to check";
  }
}

/** The sentence under the table: what it means and what to do about it. */
export function longReason(reason: BlankReason): string {
  switch (reason.kind) {
    case "unpriced":
      return `No price for ${reason.model}: the lab prices only at dated rates from its catalog and never guesses one. Pick a priced model under "Model (prices, and its window)" above and run again (on the command line: lab recommend --cost-model <model>; in the playground: "Price as" under a run's dollars). Meanwhile settings are ranked on cache-weighted tokens.`;
    case "no-model":
      return 'No price for the sessions\' own model: they name none, or one the lab has no dated price for, and no model was chosen to price at. Pick a priced model under "Model (prices, and its window)" above and run again (lab recommend --cost-model <model>).';
    case "running":
      return "Still running: the figure appears when every session's run of that setting has ended.";
    case "failed":
      return `A run of that setting failed${reason.error ? ` (${reason.error})` : ""}: its figures are missing, so the setting is not ranked. Open the run from its cell to see why.`;
    case "no-facts":
      return "Nothing to check: continuation recall counts the facts (files, commands, identifiers, numbers) that later messages use at the exam's checkpoints; this session has no checkpoint with such facts (too short for the window, or its later messages reuse nothing earlier), so there is no recall to score.";
  }
}

/** A stable key per kind and detail, to list each note once. */
export function reasonKey(reason: BlankReason): string {
  return reason.kind === "unpriced" ? `unpriced:${reason.model}` : reason.kind === "failed" ? `failed:${reason.error ?? ""}` : reason.kind;
}
