import { describe, expect, it } from "vitest";
import { DEFAULT_DATABASE_URL, DEFAULT_JOB_EXPIRE_SECONDS, DEFAULT_MAX_UPLOAD_BYTES, DEFAULT_PUBLIC_URL, DEFAULT_STALE_HEARTBEAT_MS, ENV_VARIABLES } from "./env-schema";
import { EnvError, readEnv } from "./read-env";

function errorOf(env: Record<string, string>): EnvError {
  try {
    readEnv(env);
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error(`no EnvError for ${JSON.stringify(env)}`);
}

describe("readEnv: defaults", () => {
  it("fills in the defaults the README's table names, for an empty environment and for blank values", () => {
    const expected = {
      DATABASE_URL: DEFAULT_DATABASE_URL,
      LAB_ACCESS_TOKEN: undefined,
      LAB_PUBLIC_URL: DEFAULT_PUBLIC_URL,
      LAB_TRUSTED_ORIGINS: [],
      MAX_UPLOAD_BYTES: DEFAULT_MAX_UPLOAD_BYTES,
      WORKER_CONCURRENCY: undefined,
      LAB_MAX_CONCURRENT_RUNS: undefined,
      LAB_WORKERS: true,
      LAB_JOB_EXPIRE_SECONDS: DEFAULT_JOB_EXPIRE_SECONDS,
      LAB_JOB_MAINTENANCE_SECONDS: undefined,
      LAB_STALE_HEARTBEAT_MS: DEFAULT_STALE_HEARTBEAT_MS,
      LAB_HEARTBEAT_MS: 2_000,
      ANTHROPIC_API_KEY: undefined,
      ANTHROPIC_BASE_URL: undefined,
      LAB_TRUSTED_PROXY_SECRET: undefined,
      OPENAI_API_KEY: undefined,
      OPENAI_BASE_URL: undefined,
      LAB_OPENAI_ENDPOINTS: [],
      LAB_REDACT_ON_UPLOAD: false,
      LAB_SEEDS_DIR: "../shared/seeds",
    };
    expect(readEnv({})).toEqual(expected);
    expect(readEnv(Object.fromEntries(Object.keys(ENV_VARIABLES).map((name) => [name, "  "])))).toEqual(expected);
    expect([DEFAULT_DATABASE_URL, DEFAULT_MAX_UPLOAD_BYTES, DEFAULT_JOB_EXPIRE_SECONDS, DEFAULT_STALE_HEARTBEAT_MS]).toEqual(["file:./data/lab.db", 209_715_200, 900, 10_000]);
  });

  it.each(Object.entries(ENV_VARIABLES).filter(([, variable]) => "default" in variable))(
    "%s: its default is what its schema makes of the same value set explicitly (unset variables never build their schema)",
    (_name, variable) => {
      const value = (variable as { default: unknown }).default;
      const raw = Array.isArray(value) ? value.join(",") : typeof value === "boolean" ? (value ? "1" : "0") : String(value);
      expect(variable.schema().parse(raw)).toEqual(value);
    },
  );

  it("parses good values", () => {
    expect(
      readEnv({
        DATABASE_URL: "postgresql://lab:secret@db:5432/lab",
        LAB_ACCESS_TOKEN: "  team-token ",
        LAB_TRUSTED_ORIGINS: "https://lab.example.com, http://localhost:8080",
        MAX_UPLOAD_BYTES: "1024",
        WORKER_CONCURRENCY: "3",
        LAB_WORKERS: "0",
        LAB_JOB_EXPIRE_SECONDS: "30",
        LAB_STALE_HEARTBEAT_MS: "2500",
        ANTHROPIC_BASE_URL: "http://127.0.0.1:4010",
      }),
    ).toMatchObject({
      DATABASE_URL: "postgresql://lab:secret@db:5432/lab",
      LAB_ACCESS_TOKEN: "team-token",
      LAB_TRUSTED_ORIGINS: ["https://lab.example.com", "http://localhost:8080"],
      MAX_UPLOAD_BYTES: 1024,
      WORKER_CONCURRENCY: 3,
      LAB_WORKERS: false,
      LAB_JOB_EXPIRE_SECONDS: 30,
      LAB_STALE_HEARTBEAT_MS: 2500,
      ANTHROPIC_BASE_URL: "http://127.0.0.1:4010",
    });
  });

  it("sees a change of the environment it is handed (no stale answer from its memo)", () => {
    expect(readEnv({ WORKER_CONCURRENCY: "2" }).WORKER_CONCURRENCY).toBe(2);
    expect(readEnv({ WORKER_CONCURRENCY: "5" }).WORKER_CONCURRENCY).toBe(5);
  });
});

describe("readEnv: a bad value is one message naming the variable and what it accepts", () => {
  it.each([
    ["DATABASE_URL", "mysql://db/lab", 'DATABASE_URL must be a SQLite file URL (file:./data/lab.db) or a PostgreSQL URL (postgresql://user:pass@host:5432/db), got "mysql://db/lab"'],
    ["LAB_PUBLIC_URL", "lab.example.com", 'LAB_PUBLIC_URL must be an http(s) URL, like https://lab.example.com, got "lab.example.com"'],
    ["LAB_TRUSTED_ORIGINS", "https://proxy.example/lab", 'LAB_TRUSTED_ORIGINS must be comma-separated origins (scheme, host and port, no path), like https://lab.example.com,http://localhost:8080, got "https://proxy.example/lab"'],
    ["MAX_UPLOAD_BYTES", "200MB", 'MAX_UPLOAD_BYTES must be a whole number of bytes ≥ 1, got "200MB"'],
    ["MAX_UPLOAD_BYTES", "0", 'MAX_UPLOAD_BYTES must be a whole number of bytes ≥ 1, got "0"'],
    ["WORKER_CONCURRENCY", "abc", 'WORKER_CONCURRENCY must be a whole number ≥ 1, got "abc"'],
    ["WORKER_CONCURRENCY", "1.5", 'WORKER_CONCURRENCY must be a whole number ≥ 1, got "1.5"'],
    ["LAB_MAX_CONCURRENT_RUNS", "0", 'LAB_MAX_CONCURRENT_RUNS must be a whole number ≥ 1, got "0"'],
    ["LAB_WORKERS", "no", 'LAB_WORKERS must be 0 (this web instance runs no workers) or 1, got "no"'],
    ["LAB_JOB_EXPIRE_SECONDS", "abc", 'LAB_JOB_EXPIRE_SECONDS must be a whole number of seconds ≥ 1, got "abc"'],
    ["LAB_JOB_MAINTENANCE_SECONDS", "-5", 'LAB_JOB_MAINTENANCE_SECONDS must be a whole number of seconds ≥ 1, got "-5"'],
    ["LAB_STALE_HEARTBEAT_MS", "500", 'LAB_STALE_HEARTBEAT_MS must be a whole number of milliseconds ≥ 1000, got "500"'],
    ["ANTHROPIC_BASE_URL", "ftp://proxy", 'ANTHROPIC_BASE_URL must be an http(s) URL, like https://api.anthropic.com, got "ftp://proxy"'],
  ])("%s=%s", (name, value, line) => {
    const error = errorOf({ [name]: value });
    expect(error.variables).toEqual([name]);
    expect(error.message).toBe(`The environment has a bad value:\n  ${line}`);
  });

  it("names every bad variable in the one message", () => {
    const error = errorOf({ WORKER_CONCURRENCY: "abc", LAB_JOB_EXPIRE_SECONDS: "abc", LAB_WORKERS: "1" });
    expect(error.variables).toEqual(["WORKER_CONCURRENCY", "LAB_JOB_EXPIRE_SECONDS"]);
    expect(error.message.split("\n")).toEqual(["The environment has 2 bad values:", '  WORKER_CONCURRENCY must be a whole number ≥ 1, got "abc"', '  LAB_JOB_EXPIRE_SECONDS must be a whole number of seconds ≥ 1, got "abc"']);
  });

  it("never echoes a database password", () => {
    const error = errorOf({ DATABASE_URL: "mysql://lab:hunter2@db/lab" });
    expect(error.message).not.toContain("hunter2");
    expect(error.message).toContain('got "mysql://***@db/lab"');
  });
});
