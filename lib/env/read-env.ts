import { ENV_VARIABLES, type EnvName, type EnvVariable, type LabEnv } from "./env-schema";
import type { z } from "zod";
import { processSingleton } from "../process/process-singleton";

export type RawEnv = Readonly<Record<string, string | undefined>>;

/** Bad environment values: one message, a line per variable, naming it and what it accepts. */
export class EnvError extends Error {
  constructor(readonly variables: readonly EnvName[], lines: readonly string[]) {
    super(`The environment has ${lines.length === 1 ? "a bad value" : `${lines.length} bad values`}:\n${lines.map((line) => `  ${line}`).join("\n")}`);
    this.name = "EnvError";
  }
}

const NAMES = Object.keys(ENV_VARIABLES) as EnvName[];

// per process and for speed only: the last environment parsed, by its raw values (db() asks on every query)
const memo = processSingleton("parsed-env", (): { last?: { key: string; env: LabEnv } } => ({}));
// per process and for speed only: each variable's schema, built the first time the variable is set (EnvVariable.schema)
const schemas = processSingleton("env-schemas", () => new Map<EnvName, z.ZodType>());

function schemaOf(name: EnvName): z.ZodType {
  let schema = schemas.get(name);
  if (schema === undefined) schemas.set(name, (schema = ENV_VARIABLES[name].schema()));
  return schema;
}

/**
 * The environment parsed through the one schema (lib/env/env-schema.ts). Throws an {@link EnvError} naming every bad
 * variable (`WORKER_CONCURRENCY must be a whole number ≥ 1, got "abc"`; keys and tokens are never echoed,
 * credentials in a URL are masked). Read on every call, so a test or script that sets `process.env` is seen; tests
 * may pass their own `env`.
 */
export function readEnv(env: RawEnv = process.env): LabEnv {
  const raw = NAMES.map((name) => {
    const value = env[name];
    return value === undefined || value.trim() === "" ? undefined : value.trim();
  });
  const key = JSON.stringify(raw);
  if (memo.last?.key === key) return memo.last.env;
  const parsed: Record<string, unknown> = {};
  const bad: EnvName[] = [];
  const lines: string[] = [];
  NAMES.forEach((name, index) => {
    const variable: EnvVariable = ENV_VARIABLES[name];
    const value = raw[index];
    if (value === undefined) {
      // a fresh copy of a list, as zod's .default() gives
      parsed[name] = Array.isArray(variable.default) ? [...variable.default] : variable.default;
      return;
    }
    const result = schemaOf(name).safeParse(value);
    if (result.success) parsed[name] = result.data;
    else {
      bad.push(name);
      lines.push(`${name} must be ${variable.accepts}, got ${shown(variable, value)}`);
    }
  });
  if (bad.length > 0) throw new EnvError(bad, lines);
  memo.last = { key, env: parsed as LabEnv };
  return memo.last.env;
}

function shown(variable: EnvVariable, value: string): string {
  if (variable.secret) return `a value of ${value.length} characters`;
  if (variable.credentials) return JSON.stringify(value.replace(/\/\/[^@/]*@/, "//***@"));
  return JSON.stringify(value);
}
