import { UnsupportedMediaTypeError } from "../api/contracts/errors";

/**
 * The JSON body of a request that must say it is JSON: anything but `application/json` (or a `+json` type) is a
 * 415 — a cross-site form or `text/plain` fetch cannot send that type without a preflight the lab never answers.
 * Unparseable JSON reads as `null`, so the route's zod schema reports it as a 400.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type");
  const mediaType = type?.split(";")[0].trim().toLowerCase() ?? "";
  if (mediaType !== "application/json" && !mediaType.endsWith("+json")) throw new UnsupportedMediaTypeError(type, ["application/json"]);
  return request.json().catch(() => null);
}
