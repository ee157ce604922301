import { sessionStats } from "../lib/engine/session-stats";
import { generateSession } from "../lib/generator/generate-session";
import { toClaudeCodeJsonl } from "../lib/generator/to-claude-code-jsonl";
import { importTranscript } from "../lib/transcripts";
import type { BenchCase } from "./bench-case";

export const BENCH_SEED = 1;
export const BENCH_MESSAGES = 10_000;

/** Generating a long session, estimating its tokens, and importing it back as an uploaded Claude Code file. */
export function generatorCases(): BenchCase[] {
  const session = generateSession({ seed: BENCH_SEED, messages: BENCH_MESSAGES });
  const jsonl = toClaudeCodeJsonl(session);
  const input = `${BENCH_MESSAGES.toLocaleString("en-US")} msgs`;
  return [
    { group: "generate", name: `generateSession (seed ${BENCH_SEED})`, input, run: () => generateSession({ seed: BENCH_SEED, messages: BENCH_MESSAGES }) },
    { group: "generate", name: "sessionStats (chars/4 estimate)", input, run: () => sessionStats(session) },
    {
      group: "generate",
      name: "generate + estimate",
      input,
      run: () => sessionStats(generateSession({ seed: BENCH_SEED, messages: BENCH_MESSAGES })),
    },
    { group: "generate", name: "toClaudeCodeJsonl", input, run: () => toClaudeCodeJsonl(session) },
    {
      group: "import",
      name: "generated claude-code JSONL",
      input,
      inputBytes: Buffer.byteLength(jsonl),
      run: () => importTranscript(jsonl, { format: "claude-code" }),
    },
  ];
}
