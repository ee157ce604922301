import { lazyCommand, type Command } from "../command";

/**
 * Every CLI command by name. To add one, write `lib/cli/commands/<name>.ts` exporting `usage` and `run`,
 * and add one line here.
 */
export const commandsByName: Readonly<Record<string, Command>> = {
  formats: lazyCommand("list the transcript formats the importers read", () => import("./formats")),
  import: lazyCommand("import a transcript file and print its counts and token sizes", () => import("./import")),
  generate: lazyCommand("write a generated, realistic coding-agent session", () => import("./generate")),
};
