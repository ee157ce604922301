/**
 * What one Anthropic Messages call with server-side compaction (`compact_20260112`) is billed for: the compaction
 * pass is a sampling iteration of its own, billed at the request's model, and the response's top-level `usage`
 * leaves it out — `usage.iterations` lists every iteration (the compaction, then the message when not paused).
 * Billed input counts each iteration's input with its cache reads and writes. Without `iterations` (no compaction,
 * or an older API), the top-level usage is the bill. Source: platform.claude.com/docs/en/build-with-claude/compaction
 * (read 2026-11-27), kept as data in cacheRulesByProvider.anthropic.serverCompaction.
 */
export function billedCompactionUsage(usage: { input_tokens: number; output_tokens: number; iterations?: unknown }): { input: number; output: number } {
  const iterations = Array.isArray(usage.iterations) ? usage.iterations.filter((entry): entry is Record<string, unknown> => typeof entry === "object" && entry !== null) : [];
  if (iterations.length === 0) return { input: usage.input_tokens, output: usage.output_tokens };
  const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0);
  let input = 0;
  let output = 0;
  for (const iteration of iterations) {
    input += count(iteration.input_tokens) + count(iteration.cache_read_input_tokens) + count(iteration.cache_creation_input_tokens);
    output += count(iteration.output_tokens);
  }
  return { input, output };
}
