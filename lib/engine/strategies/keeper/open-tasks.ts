import type { Message } from "../../model";

/**
 * Tools that replace the agent's whole task list (Claude Code, codex, gemini-cli, opencode, pi extensions; Copilot
 * CLI's `update_todo`, Roo Code's and Kilo Code's `update_todo_list`, OpenHands' `task_tracker`).
 */
const TODO_TOOLS = new Set(["todowrite", "todo_write", "write_todos", "update_plan", "todo", "todos", "update_todo", "update_todo_list", "task_tracker"]);
const DONE = new Set(["completed", "complete", "done", "cancelled", "canceled"]);
const MAX_TASK_CHARS = 300;

/**
 * The agent's open tasks: the items of the newest task-list tool call among `messages` that are not done, as
 * "[status] text" lines, in the list's order. Null when no message calls such a tool (the caller keeps the
 * previous list); an empty array when the newest list is all done. Reads the list shapes the agents write:
 * `{todos: [{content|description|task, status}]}`, codex's `{plan: [{step, status}]}`, OpenHands'
 * `{task_list: [{title, status}]}` and a markdown checklist in `todos` (`- [ ]`, `- [x]`, `- [-]`).
 */
export function openTasksOf(messages: readonly Message[]): string[] | null {
  for (let index = messages.length - 1; index >= 0; index--) {
    const parts = messages[index].parts;
    for (let partIndex = parts.length - 1; partIndex >= 0; partIndex--) {
      const part = parts[partIndex];
      if (part.type !== "tool-call" || !TODO_TOOLS.has(part.name.toLowerCase())) continue;
      const items = listOf(part.input);
      if (items === null) continue;
      return items.flatMap((item) => {
        const text = textOf(item);
        const status = typeof item.status === "string" ? item.status.toLowerCase() : "pending";
        if (text === null || DONE.has(status)) return [];
        return [`[${status}] ${text.length > MAX_TASK_CHARS ? `${text.slice(0, MAX_TASK_CHARS)}…` : text}`];
      });
    }
  }
  return null;
}

function listOf(input: unknown): Record<string, unknown>[] | null {
  const parsed = typeof input === "string" ? safeParse(input) : input;
  if (parsed === null || typeof parsed !== "object") return null;
  const list = (parsed as Record<string, unknown>).todos ?? (parsed as Record<string, unknown>).plan ?? (parsed as Record<string, unknown>).task_list;
  if (typeof list === "string") return checklistItems(list);
  if (!Array.isArray(list)) return null;
  return list.filter((item): item is Record<string, unknown> => item !== null && typeof item === "object");
}

/** a markdown checklist's item, its bullet optional (Roo Code writes none): `- [ ] to do`, `- [x] done`, `[-] in progress` (`[~]` too) */
const CHECKLIST_ITEM = /^\s*(?:(?:[-*+]|\d+[.)])\s*)?\[([ xX~-])\]\s*(.+)$/;

/** The items of a task list written as a markdown checklist (Copilot CLI, Roo Code, Kilo Code), null when none. */
function checklistItems(text: string): Record<string, unknown>[] | null {
  const items = text.split("\n").flatMap((line) => {
    const match = CHECKLIST_ITEM.exec(line);
    if (match === null) return [];
    const status = match[1] === " " ? "pending" : match[1].toLowerCase() === "x" ? "completed" : "in_progress";
    return [{ content: match[2], status }];
  });
  return items.length > 0 ? items : null;
}

function textOf(item: Record<string, unknown>): string | null {
  for (const key of ["content", "description", "step", "task", "title"]) {
    const value = item[key];
    if (typeof value === "string" && value.trim().length > 0) return value.trim().replace(/\s+/g, " ");
  }
  return null;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
