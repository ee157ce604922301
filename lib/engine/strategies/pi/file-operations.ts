import type { Message, ToolCallPart } from "../../model";

export type FileOperation = "read" | "write" | "edit";

const PATH_KEYS = ["path", "file_path", "filePath", "filename", "notebook_path", "target_file"] as const;

/**
 * What a tool call does to a file, by its tool name: pi's own `read` / `write` / `edit`, and the equivalents
 * other agents record (Claude Code's `Read` / `Write` / `Edit` / `MultiEdit`, `read_file`, `write_file`,
 * `str_replace_based_edit_tool` by its `command`). Null for any other tool or a call without a path.
 */
export function fileOperationOf(call: ToolCallPart): { operation: FileOperation; path: string } | null {
  const input = call.input && typeof call.input === "object" ? (call.input as Record<string, unknown>) : null;
  if (!input) return null;
  const path = PATH_KEYS.map((key) => input[key]).find((value): value is string => typeof value === "string" && value !== "");
  if (!path) return null;
  const name = call.name.toLowerCase().replace(/[^a-z]/g, "");
  if (name === "strreplacebasededittool") {
    if (input.command === "view") return { operation: "read", path };
    if (input.command === "create") return { operation: "write", path };
    return { operation: "edit", path };
  }
  if (name === "read" || name === "readfile" || name === "view" || name === "openfile") return { operation: "read", path };
  if (name === "write" || name === "writefile" || name === "createfile") return { operation: "write", path };
  if (name === "edit" || name === "multiedit" || name === "editfile" || name === "strreplace") return { operation: "edit", path };
  return null;
}

export interface FileLists {
  /** files only read (sorted) */
  readFiles: string[];
  /** files written or edited (sorted) */
  modifiedFiles: string[];
}

/**
 * pi's cumulative file lists: the files a compaction's messages read and modified, on top of the previous
 * compaction's lists. A file both read and modified is listed as modified only.
 */
export function collectFileLists(messages: readonly Message[], previous: Readonly<{ readFiles: readonly string[]; modifiedFiles: readonly string[] }>): FileLists {
  const read = new Set(previous.readFiles);
  const modified = new Set(previous.modifiedFiles);
  for (const message of messages) {
    for (const part of message.parts) {
      if (part.type !== "tool-call") continue;
      const operation = fileOperationOf(part);
      if (!operation) continue;
      (operation.operation === "read" ? read : modified).add(operation.path);
    }
  }
  return {
    readFiles: [...read].filter((file) => !modified.has(file)).sort(),
    modifiedFiles: [...modified].sort(),
  };
}

/** pi's `<read-files>` / `<modified-files>` blocks appended to a summary ("" when both lists are empty). */
export function formatFileLists(lists: FileLists): string {
  const blocks: string[] = [];
  if (lists.readFiles.length > 0) blocks.push(`<read-files>\n${lists.readFiles.join("\n")}\n</read-files>`);
  if (lists.modifiedFiles.length > 0) blocks.push(`<modified-files>\n${lists.modifiedFiles.join("\n")}\n</modified-files>`);
  return blocks.length > 0 ? `\n\n${blocks.join("\n\n")}` : "";
}
