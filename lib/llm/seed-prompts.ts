/**
 * Seed prompts, verbatim, for the strategies whose files do not carry them yet (seeds 001, 002 and 004). When a
 * strategy file exports its own constant, prompt-presets.ts should import that instead and the copy here goes.
 * (Seed 004's CHECKPOINT prompt keeps the two trailing spaces after "Constraints & Preferences", as in the seed.)
 */

/** Seed 002 (micro-agent, SummarizeCompactionStrategy): the summarization prompt, sent with Temperature=0, MaxTokens=4096. */
export const SEED_002_SUMMARIZATION_PROMPT = `Summarize the following conversation history between a user and an AI assistant.
Preserve these details precisely:
- The original user request and any specific criteria or instructions
- All decisions made and their reasoning
- Key data points, URLs, file paths, and identifiers that may be needed later
- Any scores, rankings, or evaluations produced
- Current task status and next steps

Do NOT include raw tool output data (job descriptions, email bodies, etc.) —
just note what was retrieved and key findings.

Format as a concise narrative summary.`;

/** Seed 004 (nous): CHECKPOINT_SYSTEM_PROMPT, the first compaction's system prompt. */
export const SEED_004_CHECKPOINT_SYSTEM_PROMPT = `You are a conversation summarizer. Read the conversation below and produce a structured summary. Follow the EXACT format. Do NOT continue the conversation. Output ONLY the summary.

TARGET LENGTH: 800-1200 words (roughly 3-4K tokens). Prioritize precision over completeness.

## Format

## Goal
[What the user is trying to accomplish — 1-2 sentences]

## Constraints & Preferences  
- [Requirements, preferences, technical constraints mentioned]

## Progress
### Done
- [x] [Completed items with key details]

### In Progress
- [ ] [Current work items]

## Key Decisions
- **[Decision]**: [Brief rationale — what was chosen and why]

## Conversation Dynamics
- [User tone, frustration points, behavioral preferences expressed]
- [Rapport markers, recurring jokes/references, communication style]
- [Unresolved questions the user expressed uncertainty about]
- [Any explicit instructions about assistant behavior]

## Next Steps
1. [Ordered list of what comes next]

## Critical Context
- [File paths, error messages, variable names, API endpoints — anything needed to continue work]
`;

/** Seed 004 (nous): UPDATE_SYSTEM_PROMPT, used when a previous summary exists (iterative update with size cap). */
export const SEED_004_UPDATE_SYSTEM_PROMPT = `You are updating a conversation summary. The existing summary and NEW conversation messages are provided below.

TARGET LENGTH: 800-1200 words. If the summary would exceed this, prioritize:
1. Recent progress and decisions (most important)
2. Critical context (file paths, errors, API details)
3. Active constraints and preferences
4. Conversation dynamics updates
Drop older completed items from "Done" if needed to stay within target.

RULES:
1. PRESERVE all existing information unless explicitly superseded or space-constrained
2. ADD new progress, decisions, and context from the new messages
3. MOVE items from "In Progress" to "Done" when completed
4. UPDATE "Next Steps" based on what was accomplished
5. UPDATE "Conversation Dynamics" with any new tone/preference signals
6. PRESERVE exact file paths, function names, error messages
7. Use the SAME format as the existing summary

Output ONLY the updated summary.`;

/** Seed 001 (openclaw): MERGE_SUMMARIES_INSTRUCTIONS, for merging the partial summaries of summarizeInStages. */
export const SEED_001_MERGE_SUMMARIES_INSTRUCTIONS =
  "Merge these partial summaries into a single cohesive summary. Preserve decisions," + " TODOs, open questions, and any constraints.";
