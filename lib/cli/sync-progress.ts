import type { SyncProgress } from "../sync/sync-sessions";

const BAR_WIDTH = 24;

/**
 * One redraw of `lab sync`'s progress bar on a terminal's stderr: the bar, done / total, the counts so far and the
 * session being read (its agent and project). Starts with a carriage return and clears the rest of the line; the
 * last (nothing current) ends the line.
 */
export function drawSyncProgress(progress: SyncProgress): string {
  const { done, total, report, current } = progress;
  const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
  const bar = `[${"#".repeat(filled)}${".".repeat(BAR_WIDTH - filled)}]`;
  const counts = `new ${report.imported} · updated ${report.updated} · unchanged ${report.skipped}${report.held ? ` · held ${report.held}` : ""}${report.failed ? ` · failed ${report.failed}` : ""}`;
  const now = current ? `  ${current.agent} ${current.project}`.slice(0, 60) : "";
  return `\r${bar} ${done}/${total}  ${counts}${now}\u001b[K${current ? "" : "\n"}`;
}
