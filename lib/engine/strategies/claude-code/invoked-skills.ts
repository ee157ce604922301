import type { ContextView } from "../strategy";
import { normalizeToolName } from "./microcompact";

export interface SkillReattachSettings {
  postCompactMaxTokensPerSkill: number;
  postCompactSkillTokenBudget: number;
}

/**
 * The skill bodies Claude Code re-injects after a compaction (code.claude.com/docs/en/context-window, "What survives
 * compaction": invoked skill bodies, each capped at 5,000 tokens, 25,000 in all, the oldest dropped first). A skill's
 * body is what its `Skill` tool call returned; a skill invoked twice counts once, at its newest invocation. Each is
 * cut from its start (the docs: truncation keeps the start of the file) at 4 characters a token; walking newest
 * first, a skill that would pass the total budget ends the list, so the oldest are the ones dropped. Returned oldest
 * first, as they were invoked.
 */
export function invokedSkills(context: ContextView, settings: SkillReattachSettings): { name: string; body: string }[] {
  const nameByCallId = new Map<string, string>();
  for (let position = 0; position < context.length; position++) {
    for (const part of context.entry(position).message.parts) {
      if (part.type !== "tool-call" || normalizeToolName(part.name) !== "skill") continue;
      const input = part.input as Record<string, unknown> | null;
      const name = input && typeof input.skill === "string" ? input.skill : input && typeof input.name === "string" ? input.name : part.name;
      nameByCallId.set(part.id, name);
    }
  }
  if (nameByCallId.size === 0) return [];
  const skills: { name: string; body: string }[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (let position = context.length - 1; position >= 0; position--) {
    const parts = context.entry(position).message.parts;
    for (let index = parts.length - 1; index >= 0; index--) {
      const part = parts[index];
      if (part.type !== "tool-result" || part.isError) continue;
      const name = nameByCallId.get(part.callId);
      if (name === undefined || seen.has(name)) continue;
      seen.add(name);
      const body = part.output.slice(0, settings.postCompactMaxTokensPerSkill * 4);
      const tokens = Math.ceil(body.length / 4);
      if (total + tokens > settings.postCompactSkillTokenBudget) return skills.reverse();
      total += tokens;
      skills.push({ name, body });
    }
  }
  return skills.reverse();
}
