import { buildCodeListing, codeBlock } from "./build-code-listing";
import { buildDiff } from "./build-diff";
import { buildJsonPayload } from "./build-json-payload";
import { buildInstallLog, buildServerLog } from "./build-log";
import { buildDirectoryListing, buildSearchOutput } from "./build-search-output";
import { buildTestRun } from "./build-test-run";
import { buildWebPage, pickWebTopic } from "./build-web-page";
import type { Project } from "./create-project";
import type { Random } from "./create-random";

/** One tool call with the result it will get, before ids and messages are assigned. */
export interface ToolCallSpec {
  name: string;
  input: Record<string, unknown>;
  output: string;
  isError: boolean;
  /** how long the tool ran, for the result's timestamp */
  durationMs: number;
}

export interface ToolContext {
  random: Random;
  project: Project;
  /** the session clock when the call is planned (log timestamps are drawn from it) */
  nowMs: number;
}

/**
 * Builders for each kind of tool call a coding agent makes. Sizes are long-tailed on purpose: most reads
 * are a screenful, a few are whole files; most logs are short, a few run to hundreds or thousands of lines.
 */
export const toolCalls = {
  readFile(context: ToolContext, path: string, options: { missing?: boolean; partial?: boolean } = {}): ToolCallSpec {
    const { random, project } = context;
    if (options.missing) {
      return {
        name: "read_file",
        input: { path },
        output: `Error: ENOENT: no such file or directory, open '${project.root}/${path}'`,
        isError: true,
        durationMs: random.int(5, 40),
      };
    }
    const lines = random.longTail({ median: 70, spread: 0.9, min: 6, max: 1_500 });
    const firstLine = options.partial ? random.int(20, 200) : 1;
    return {
      name: "read_file",
      input: options.partial ? { path, offset: firstLine, limit: lines } : { path },
      output: buildCodeListing({ random, project, lines, firstLine }),
      isError: false,
      durationMs: random.int(5, 120),
    };
  },

  writeFile(context: ToolContext, path: string): ToolCallSpec {
    const { random, project } = context;
    const content = [...codeBlock(random, project), "", ...codeBlock(random, project)].join("\n");
    return {
      name: "write_file",
      input: { path, content },
      output: `Wrote ${content.split("\n").length} lines to ${path}`,
      isError: false,
      durationMs: random.int(5, 60),
    };
  },

  edit(context: ToolContext, path: string, options: { fails?: boolean } = {}): ToolCallSpec {
    const { random, project } = context;
    const before = codeBlock(random, project).slice(0, random.int(1, 4));
    const after = [...before.slice(0, -1), ...codeBlock(random, project).slice(0, random.int(1, 6))];
    const input = { path, old_string: before.join("\n"), new_string: after.join("\n") };
    if (options.fails) {
      return {
        name: "edit",
        input,
        output: `Error: old_string not found in ${path}. Make sure it matches the file exactly, including whitespace.`,
        isError: true,
        durationMs: random.int(5, 30),
      };
    }
    return {
      name: "edit",
      input,
      output: `Applied 1 edit to ${path}:\n${buildDiff({ path, line: random.int(5, 240), before, after })}`,
      isError: false,
      durationMs: random.int(5, 60),
    };
  },

  bash(context: ToolContext, command: string, result: { output: string; isError?: boolean; durationMs?: number }): ToolCallSpec {
    return {
      name: "bash",
      input: { command },
      output: result.isError ? `Exit code 1\n${result.output}` : result.output,
      isError: result.isError ?? false,
      durationMs: result.durationMs ?? context.random.int(50, 2_000),
    };
  },

  tests(context: ToolContext, options: { failing: boolean; focused?: boolean }): ToolCallSpec {
    const { random, project } = context;
    const tests = options.focused ? random.int(3, 12) : random.longTail({ median: 40, spread: 0.6, min: 8, max: 400 });
    const run = buildTestRun({ random, project, failing: options.failing, tests });
    const command = options.focused ? project.focusedTestCommand : project.testCommand;
    return toolCalls.bash(context, command, { ...run, durationMs: random.int(1_500, 90_000) });
  },

  grep(context: ToolContext, pattern: string): ToolCallSpec {
    const { random, project } = context;
    const matches = random.longTail({ median: 7, spread: 1.1, min: 0, max: 600 });
    return {
      name: "grep",
      input: { pattern, path: project.language === "typescript" ? "src" : "src tests" },
      output: buildSearchOutput({ random, project, matches }),
      isError: false,
      durationMs: random.int(10, 400),
    };
  },

  listDir(context: ToolContext, directory: string): ToolCallSpec {
    return {
      name: "list_dir",
      input: { path: directory },
      output: buildDirectoryListing(context.project, directory),
      isError: false,
      durationMs: context.random.int(2, 30),
    };
  },

  webFetch(context: ToolContext): ToolCallSpec {
    const { random, project } = context;
    const topic = pickWebTopic(random);
    const paragraphs = random.longTail({ median: 8, spread: 0.8, min: 2, max: 150 });
    return {
      name: "web_fetch",
      input: { url: topic.url },
      output: buildWebPage({ random, project, ...topic, paragraphs }),
      isError: false,
      durationMs: random.int(300, 4_000),
    };
  },

  apiRequest(context: ToolContext): ToolCallSpec {
    const { random, project } = context;
    const items = random.longTail({ median: 4, spread: 1.2, min: 1, max: 800 });
    return toolCalls.bash(context, `curl -s "http://localhost:${project.port}/${project.entity}s?limit=${items}" | jq .`, {
      output: buildJsonPayload({ random, project, items, baseMs: context.nowMs }),
      durationMs: random.int(20, 900),
    });
  },

  serverLog(context: ToolContext): ToolCallSpec {
    const { random, project } = context;
    const lines = random.longTail({ median: 60, spread: 1.1, min: 10, max: 3_000 });
    return toolCalls.bash(context, `tail -n ${lines} logs/server.log`, {
      output: buildServerLog({ random, project, lines, startMs: context.nowMs - lines * 500 }),
      durationMs: random.int(10, 200),
    });
  },

  install(context: ToolContext): ToolCallSpec {
    const { random, project } = context;
    const lines = random.longTail({ median: 40, spread: 1.0, min: 5, max: 1_200 });
    const command = project.language === "typescript" ? "npm ci" : "pip install -e '.[dev]'";
    return toolCalls.bash(context, command, { output: buildInstallLog({ random, project, lines }), durationMs: random.int(4_000, 60_000) });
  },

  gitStatus(context: ToolContext): ToolCallSpec {
    const { project } = context;
    return toolCalls.bash(context, "git status --short", {
      output: [` M ${project.serviceFile}`, ` M ${project.mainFile}`, ` M ${project.failingTestFile}`].join("\n"),
    });
  },

  gitCommit(context: ToolContext, message: string): ToolCallSpec {
    const { random, project } = context;
    const files = [project.serviceFile, project.mainFile, project.failingTestFile];
    return toolCalls.bash(context, `git add ${files.join(" ")} && git commit -m "${message}"`, {
      output: `[${project.branch} ${random.token(7).toLowerCase()}] ${message}\n ${files.length} files changed, ${random.int(5, 120)} insertions(+), ${random.int(0, 40)} deletions(-)`,
    });
  },
};
