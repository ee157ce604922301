/** The window a replay assumes when neither the caller nor the session says (the seeds' 200K). */
export const DEFAULT_REPLAY_WINDOW = 200_000;

/**
 * The context window a replay uses: the requested one, else the session's recorded one (`session.meta.contextWindow`),
 * else {@link DEFAULT_REPLAY_WINDOW}. The one rule for runs, comparisons, previews and the playground's panel.
 */
export function resolveWindow(requested: number | null | undefined, sessionWindow: number | null | undefined): number {
  return requested ?? sessionWindow ?? DEFAULT_REPLAY_WINDOW;
}
