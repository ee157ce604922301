import { EnvError, readEnv, type RawEnv } from "./read-env";

/**
 * A process's first step (the server in instrumentation.ts, `npm run worker`): checks every environment variable
 * and, when any is bad, prints the one message naming each and what it accepts, then exits with status 1 — before a
 * connection is opened or a job taken. Returns nothing when all is well.
 */
export function exitOnBadEnv(who: string, env?: RawEnv): void {
  try {
    readEnv(env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(`[${who}] cannot start. ${error.message}`);
    process.exit(1);
  }
}
