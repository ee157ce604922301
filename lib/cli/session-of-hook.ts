import { z } from "zod";
import { UsageError } from "./command";

/**
 * What an agent's hook writes on stdin (Claude Code's and Codex's hooks alike: `session_id`, `transcript_path`,
 * `cwd`, `hook_event_name`; Codex's `transcript_path` may be null). Other fields are ignored.
 */
const HookInputSchema = z.object({
  session_id: z.string().min(1).optional(),
  transcript_path: z.string().min(1).nullable().optional(),
  hook_event_name: z.string().optional(),
});

/** The session a hook's stdin names: its transcript file, else its session id (looked up in the agents' folders). */
export type HookSession = { file: string } | { sessionId: string };

/**
 * Reads a hook's JSON from stdin (`lab sync --hook`). A hook input that is not JSON, or names neither a transcript
 * path nor a session id, is a usage error naming what was missing.
 */
export function sessionOfHook(stdin: string, usage: string): HookSession {
  let value: unknown;
  try {
    value = JSON.parse(stdin);
  } catch {
    throw new UsageError(`--hook reads the hook's JSON from standard input, got ${stdin.trim() === "" ? "nothing" : `text that is not JSON (${JSON.stringify(stdin.slice(0, 40))}…)`}`, usage);
  }
  const parsed = HookInputSchema.safeParse(value);
  if (!parsed.success) throw new UsageError(`--hook: the hook's JSON does not fit (${parsed.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`).join("; ")})`, usage);
  if (parsed.data.transcript_path) return { file: parsed.data.transcript_path };
  if (parsed.data.session_id) return { sessionId: parsed.data.session_id };
  throw new UsageError("--hook: the hook's JSON names neither `transcript_path` nor `session_id`", usage);
}
