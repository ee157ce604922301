import { z } from "zod";

/**
 * Every environment variable the lab reads, with what it accepts (the words of the start-up error) and its default.
 * Read only through readEnv (lib/env/read-env.ts); lib/engine never reads the environment. A blank value counts as
 * unset. Test and tooling variables (PG_TEST_URL, E2E_*, CHROMIUM_PATH, the fake model server's) are not here.
 */

/** Used when DATABASE_URL is unset; the same default as prisma.config.ts, relative to the working directory. */
export const DEFAULT_DATABASE_URL = "file:./data/lab.db";
export const DEFAULT_PUBLIC_URL = "http://localhost:3000";
export const DEFAULT_MAX_UPLOAD_BYTES = 200 * 1024 * 1024;
export const DEFAULT_JOB_EXPIRE_SECONDS = 900;
export const DEFAULT_STALE_HEARTBEAT_MS = 10_000;
export const DEFAULT_HEARTBEAT_MS = 2_000;
/** the seed design documents the seed strategies reproduce, beside the checkout (relative to the working directory) */
export const DEFAULT_SEEDS_DIR = "../shared/seeds";

const wholeNumber = (min: number) =>
  z
    .string()
    .regex(/^\d+$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(Number.MAX_SAFE_INTEGER));

const httpUrl = () => z.string().refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol));

const origin = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && new URL(value).origin === value;

export interface EnvVariable {
  /** what a good value looks like, completing "NAME must be …" */
  accepts: string;
  /** a value never echoed in an error (a key, a token) */
  secret?: boolean;
  /** a value whose credentials are masked in an error (a database URL) */
  credentials?: boolean;
  /** the value when the variable is unset or blank; without one it reads as undefined */
  default?: unknown;
  /**
   * Builds the schema a set value is parsed with. Built only for a variable that is set, once per process
   * (readEnv): constructing all of them cost every CLI command ~8 ms of start-up, and most are unset.
   */
  schema: () => z.ZodType;
}

export const ENV_VARIABLES = {
  DATABASE_URL: {
    accepts: "a SQLite file URL (file:./data/lab.db) or a PostgreSQL URL (postgresql://user:pass@host:5432/db)",
    credentials: true,
    default: DEFAULT_DATABASE_URL,
    schema: () => z.string().regex(/^(file:|postgres(ql)?:\/\/)/),
  },
  LAB_ACCESS_TOKEN: { accepts: "any text (the team's access token)", secret: true, schema: () => z.string() },
  LAB_PUBLIC_URL: { accepts: "an http(s) URL, like https://lab.example.com", default: DEFAULT_PUBLIC_URL, schema: httpUrl },
  LAB_TRUSTED_ORIGINS: {
    accepts: "comma-separated origins (scheme, host and port, no path), like https://lab.example.com,http://localhost:8080",
    default: [],
    schema: () =>
      z
        .string()
        .transform((value) => value.split(",").map((entry) => entry.trim()).filter(Boolean))
        .refine((origins) => origins.every(origin)),
  },
  LAB_TRUSTED_PROXY_SECRET: {
    accepts: "a random string of at least 24 characters (e.g. openssl rand -hex 32) that the reverse proxy sends as X-Lab-Proxy-Secret",
    secret: true,
    schema: () => z.string().min(24),
  },
  LAB_REDACT_ON_UPLOAD: {
    accepts: "1/true (redact every credential an upload holds before it is stored) or 0/false",
    default: false,
    schema: () =>
      z
        .string()
        .transform((value) => value.toLowerCase())
        .pipe(z.enum(["0", "1", "false", "true"]))
        .transform((value) => value === "1" || value === "true"),
  },
  MAX_UPLOAD_BYTES: { accepts: "a whole number of bytes ≥ 1", default: DEFAULT_MAX_UPLOAD_BYTES, schema: () => wholeNumber(1) },
  LAB_CACHE_DIR: { accepts: "a folder path (the CLI's caches)", schema: () => z.string() },
  WORKER_CONCURRENCY: { accepts: "a whole number ≥ 1", schema: () => wholeNumber(1) },
  LAB_MAX_CONCURRENT_RUNS: { accepts: "a whole number ≥ 1", schema: () => wholeNumber(1) },
  LAB_WORKERS: {
    accepts: "0 (this web instance runs no workers) or 1",
    default: true,
    schema: () => z.enum(["0", "1"]).transform((value) => value === "1"),
  },
  LAB_JOB_EXPIRE_SECONDS: { accepts: "a whole number of seconds ≥ 1", default: DEFAULT_JOB_EXPIRE_SECONDS, schema: () => wholeNumber(1) },
  LAB_JOB_MAINTENANCE_SECONDS: { accepts: "a whole number of seconds ≥ 1", schema: () => wholeNumber(1) },
  LAB_STALE_HEARTBEAT_MS: { accepts: "a whole number of milliseconds ≥ 1000", default: DEFAULT_STALE_HEARTBEAT_MS, schema: () => wholeNumber(1_000) },
  LAB_HEARTBEAT_MS: { accepts: "a whole number of milliseconds ≥ 100", default: DEFAULT_HEARTBEAT_MS, schema: () => wholeNumber(100) },
  ANTHROPIC_API_KEY: { accepts: "an Anthropic API key", secret: true, schema: () => z.string() },
  ANTHROPIC_BASE_URL: { accepts: "an http(s) URL, like https://api.anthropic.com", schema: httpUrl },
  OPENAI_API_KEY: { accepts: "an OpenAI API key (sent only to OPENAI_BASE_URL)", secret: true, schema: () => z.string() },
  OPENAI_BASE_URL: { accepts: "an http(s) URL of an OpenAI-compatible API, like https://api.openai.com/v1 or http://127.0.0.1:11434/v1", schema: httpUrl },
  LAB_OPENAI_ENDPOINTS: {
    accepts: "comma-separated http(s) URLs of OpenAI-compatible APIs (vLLM, Ollama, LM Studio, OpenRouter), like http://127.0.0.1:11434/v1",
    default: [],
    schema: () =>
      z
        .string()
        .transform((value) => value.split(",").map((entry) => entry.trim()).filter(Boolean))
        .refine((urls) => urls.every((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol))),
  },
  // `lab sync`: where the agents keep their sessions (each agent's own variable, where it has one, moves its folder)
  HOME: { accepts: "the user's home folder", schema: () => z.string() },
  CLAUDE_CONFIG_DIR: { accepts: "Claude Code's folder (default ~/.claude)", schema: () => z.string() },
  CODEX_HOME: { accepts: "Codex's folder (default ~/.codex)", schema: () => z.string() },
  XDG_DATA_HOME: { accepts: "the user's data folder (default ~/.local/share), where opencode keeps its storage", schema: () => z.string() },
  LAB_SEEDS_DIR: {
    accepts: "a folder holding the seed design documents (NNN_<hash>.txt), like ../shared/seeds",
    default: DEFAULT_SEEDS_DIR,
    schema: () => z.string(),
  },
} satisfies Record<string, EnvVariable>;

export type EnvName = keyof typeof ENV_VARIABLES;

/** The environment as the lab uses it: every variable parsed, defaults filled in. */
export type LabEnv = {
  [Name in EnvName]: (typeof ENV_VARIABLES)[Name] extends { default: unknown }
    ? z.output<ReturnType<(typeof ENV_VARIABLES)[Name]["schema"]>>
    : z.output<ReturnType<(typeof ENV_VARIABLES)[Name]["schema"]>> | undefined;
};
