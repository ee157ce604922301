/**
 * Next.js calls `register` once when a server instance starts. In the Node.js runtime it checks the environment
 * (a bad value stops the server with one message naming it) and starts this instance's
 * job workers (unless LAB_WORKERS=0) so queued runs — including the ones a previous server left behind, which the
 * workers' recovery sweep re-queues — are replayed without waiting for a request. It also clears, in the background,
 * the upload spool folders a server killed mid-upload left in the temporary directory (a day untouched).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { exitOnBadEnv } = await import("./lib/env/exit-on-bad-env");
  exitOnBadEnv("server");
  const { removeStaleUploadSpools } = await import("./lib/http/remove-stale-upload-spools");
  void removeStaleUploadSpools().then((removed) => {
    if (removed.length > 0) console.log(`[upload] removed ${removed.length} upload spool folder${removed.length === 1 ? "" : "s"} a stopped server left in the temporary directory`);
  });
  const { ensureWebWorkers } = await import("./lib/jobs/job-queue");
  await ensureWebWorkers().catch((error: unknown) => console.error("[jobs] the workers could not start:", error));
}
