import { fillTemplate } from "./build-code-listing";
import type { Project } from "./create-project";
import type { Random } from "./create-random";

const MATCH_TEMPLATES = [
  "  const total = total{E}(items, discount);",
  "import { total{E} } from \"../services/{e}-service\";",
  "    raise {E}NotFound({e}_id)",
  "  if (error.code === \"{C}\") return retry();",
  "export const MAX_PAGE_SIZE = {N};",
  "        logger.warning(\"{C} while saving {e} %s\", {e}.id)",
  "  {comment} TODO(#{N}): drop the legacy {e} status mapping",
];

/**
 * grep / ripgrep output: `path:line:match` rows over the project's files. `matches` sets the size; the
 * files and line numbers stay within the project so a later read of the same path is consistent.
 */
export function buildSearchOutput(options: { random: Random; project: Project; matches: number }): string {
  const { random, project } = options;
  const files = [...project.sourceFiles, ...project.testFiles];
  const rows: string[] = [];
  for (let index = 0; index < options.matches; index++) {
    const file = random.pick(files);
    const match = fillTemplate(random.pick(MATCH_TEMPLATES), project, random.int(2, 500));
    rows.push(`${file}:${random.int(1, 320)}:${match.replace("{comment}", file.endsWith(".py") ? "#" : "//")}`);
  }
  return rows.length > 0 ? rows.join("\n") : "No matches found";
}

/** A directory listing of the project (the whole tree, or the files under `directory`). */
export function buildDirectoryListing(project: Project, directory: string): string {
  const prefix = directory === "." || directory === "" ? "" : `${directory.replace(/\/$/, "")}/`;
  const manifest = project.language === "typescript" ? ["package.json", "tsconfig.json", "vitest.config.ts"] : ["pyproject.toml", "uv.lock"];
  const all = [...manifest, "README.md", ".env.example", ...project.sourceFiles, ...project.testFiles, `migrations/0007_${project.entity}_status.sql`];
  const listed = all.filter((path) => path.startsWith(prefix)).sort();
  return listed.length > 0 ? listed.join("\n") : `ls: cannot access '${directory}': No such file or directory`;
}
