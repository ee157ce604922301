import { createRandom } from "../../generator/create-random";
import { mutateTranscript, type FuzzUpload, type Mutation } from "./mutate-transcript";

/** What one fuzz run saw. */
export interface FuzzFigures {
  uploads: number;
  /** responses by HTTP status */
  byStatus: Record<string, number>;
  /** responses by mutation, then status */
  byMutation: Partial<Record<Mutation, Record<string, number>>>;
  /** every 5xx, with what was posted */
  serverErrors: { mutation: Mutation; source: string; name: string; status: number; body: string }[];
  /** 4xx answers whose error names neither a line nor a field */
  vagueErrors: { mutation: Mutation; source: string; name: string; status: number; body: string }[];
  /** uploads the server accepted (201): the mutation still made a valid transcript */
  stored: number;
}

/**
 * Posts `count` mutated transcripts, one at a time, with `post` (the real upload route) and classifies each answer:
 * a 5xx is a server error; a 4xx must carry an ApiError whose issues name a `line` or a `path`, or whose message
 * names a line; a 201 is a stored session, handed to `onStored` (to be deleted, so the
 * database stays small). Deterministic: `seed` picks the sources and mutations.
 */
export async function fuzzUploads(options: {
  sources: readonly { name: string; bytes: Uint8Array }[];
  count: number;
  seed: number;
  post: (upload: FuzzUpload) => Promise<Response>;
  onStored?: (body: { id: string }) => Promise<void>;
  onProgress?: (done: number) => void;
}): Promise<FuzzFigures> {
  const random = createRandom(options.seed);
  const figures: FuzzFigures = { uploads: 0, byStatus: {}, byMutation: {}, serverErrors: [], vagueErrors: [], stored: 0 };
  for (let index = 0; index < options.count; index++) {
    const upload = mutateTranscript(random.pick(options.sources), random);
    const response = await options.post(upload);
    const body = await response.text();
    figures.uploads++;
    const status = String(response.status);
    figures.byStatus[status] = (figures.byStatus[status] ?? 0) + 1;
    const byMutation = (figures.byMutation[upload.mutation] ??= {});
    byMutation[status] = (byMutation[status] ?? 0) + 1;
    const report = { mutation: upload.mutation, source: upload.source, name: upload.name, status: response.status, body: body.slice(0, 600) };
    if (response.status >= 500) figures.serverErrors.push(report);
    else if (response.status >= 400 && !namesLineOrField(body)) figures.vagueErrors.push(report);
    else if (response.status === 201) {
      figures.stored++;
      await options.onStored?.(JSON.parse(body) as { id: string });
    }
    options.onProgress?.(index + 1);
  }
  return figures;
}

/** A 4xx body that says where: an issue with a line or a JSON path (a field), or a message naming a line. */
export function namesLineOrField(body: string): boolean {
  let error: { message?: unknown; issues?: { line?: unknown; path?: unknown }[] } | undefined;
  try {
    error = (JSON.parse(body) as { error?: typeof error }).error;
  } catch {
    return false;
  }
  if (!error || typeof error.message !== "string" || error.message.length === 0) return false;
  if (error.issues?.some((issue) => typeof issue.line === "number" || (typeof issue.path === "string" && issue.path.length > 0))) return true;
  return /\bline \d+/.test(error.message);
}
