import type { z } from "zod";
import { apiErrorFromResponse, networkError } from "./api-request-error";

/**
 * GET/DELETE a JSON endpoint and validate the answer with the shared wire schema. Non-2xx answers throw an
 * ApiRequestError carrying the API's own error body; a 204 resolves to undefined.
 */
export async function fetchJson<T>(url: string, schema: z.ZodType<T>, init?: RequestInit): Promise<T> {
  const response = await send(url, init);
  const text = await response.text();
  if (!response.ok) throw apiErrorFromResponse(response.status, text);
  return schema.parse(JSON.parse(text));
}

/** A request whose answer has no body worth reading (DELETE → 204). */
export async function fetchNoContent(url: string, init?: RequestInit): Promise<void> {
  const response = await send(url, init);
  if (!response.ok) throw apiErrorFromResponse(response.status, await response.text());
}

async function send(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, headers: { accept: "application/json", ...init?.headers } });
  } catch (error) {
    throw networkError(error instanceof Error ? error.message : String(error));
  }
}
