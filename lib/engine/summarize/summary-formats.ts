import type { SummaryFormat } from "./summarizer";

/** Seed 000 §4 (vibe's compact.md): seven numbered sections. */
export const VIBE_SUMMARY_FORMAT: SummaryFormat = {
  style: "sections",
  sections: [
    { heading: "1. User's Primary Goals and Intent", fill: ["goal", "constraints"] },
    { heading: "2. Conversation Timeline and Progress", fill: ["timeline", "decisions"] },
    { heading: "3. Technical Context and Decisions", fill: ["technical", "commands", "decisions"] },
    { heading: "4. Files and Code Changes", fill: ["files"] },
    { heading: "5. Active Work and Last Actions", fill: ["active-work"] },
    { heading: "6. Unresolved Issues and Pending Tasks", fill: ["errors", "pending"] },
    { heading: "7. Immediate Next Step", fill: ["next-steps"] },
  ],
};

/** Seed 004's structured checkpoint headings (CHECKPOINT_SYSTEM_PROMPT). */
export const CHECKPOINT_SUMMARY_FORMAT: SummaryFormat = {
  style: "sections",
  sections: [
    { heading: "## Goal", fill: ["goal"] },
    { heading: "## Constraints & Preferences", fill: ["constraints"] },
    { heading: "## Progress", fill: ["progress", "active-work"] },
    { heading: "## Key Decisions", fill: ["decisions"] },
    { heading: "## Conversation Dynamics", fill: ["dynamics"] },
    { heading: "## Next Steps", fill: ["next-steps"] },
    { heading: "## Critical Context", fill: ["critical-context"] },
  ],
};

/** Seed 002's "concise narrative summary". */
export const NARRATIVE_SUMMARY_FORMAT: SummaryFormat = { style: "narrative" };

/** Seed 003 §6.2's "detailed prompt for continuing our conversation". */
export const CONTINUATION_SUMMARY_FORMAT: SummaryFormat = { style: "continuation" };
