import { isDatabaseUnavailable } from "./database-unavailable";

/**
 * Keeps a long-running process (`npm run worker`) up when a database connection is lost outside any query: a
 * connection the server closes while it sits checked out emits an `'error'` event, which unheard would end the
 * process (seen on a PostgreSQL restart mid-comparison). Such an error is logged and the process goes on: the
 * pools open new connections and the jobs wait for the database (retryWhileUnavailable). Any other uncaught
 * exception still ends the process, as it would have without this handler.
 */
export function surviveConnectionLoss(processName: string): void {
  process.on("uncaughtException", (error) => {
    if (isDatabaseUnavailable(error)) {
      console.warn(`[${processName}] a database connection was lost (${error.message}); its pool reconnects`);
      return;
    }
    console.error(`[${processName}] uncaught exception:`, error);
    process.exit(1);
  });
}
