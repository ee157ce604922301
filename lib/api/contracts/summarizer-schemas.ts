import { z } from "zod";
import { SUMMARIZER_IDS } from "./summarizer-ids";

/**
 * GET /api/summarizers → { summarizers: SummarizerOption[] }: every summarizer the server can run, one entry per
 * provider endpoint, with the models it offers. Never a key: `configured` only says whether the server holds one
 * (or the endpoint needs none).
 */
export const SummarizerOptionSchema = z.object({
  provider: z.enum(SUMMARIZER_IDS),
  /** what the picker shows: "Extractive (free)", "Anthropic", "OpenAI-compatible · http://127.0.0.1:11434/v1" */
  label: z.string(),
  /** the OpenAI-compatible endpoint; null for the others */
  baseUrl: z.string().nullable(),
  /** false: the server has no key for it (a run must bring one) */
  configured: z.boolean(),
  /** the models offered: the endpoint's GET /v1/models, else the lab's known ids; empty when unknown */
  models: z.array(z.string()),
  /** why the model list is missing or partial (the endpoint's error), null when it answered */
  modelsError: z.string().nullable(),
  /** the model a run uses when it names none; null when it must name one */
  defaultModel: z.string().nullable(),
});
export type SummarizerOption = z.infer<typeof SummarizerOptionSchema>;
export const SummarizerListSchema = z.object({ summarizers: z.array(SummarizerOptionSchema) });
export type SummarizerList = z.infer<typeof SummarizerListSchema>;
