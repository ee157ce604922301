import { describe, expect, it } from "vitest";
import type { ToolCallPart } from "../../model";
import { fileOperationsOf, shellReadPath } from "./file-operations";

const call = (name: string, input: unknown): ToolCallPart => ({ type: "tool-call", id: "c1", name, input });

describe("shellReadPath", () => {
  it.each([
    ["cat src/app.ts", "src/app.ts"],
    ["cat -n src/app.ts", "src/app.ts"],
    ["sed -n '1,220p' /home/me/repo/README.md", "/home/me/repo/README.md"],
    ['sed -n "40,80p" lib/a.py', "lib/a.py"],
    ["sed -n 12p notes.txt", "notes.txt"],
    ["nl -ba packages/core/src/index.ts | sed -n '120,260p'", "packages/core/src/index.ts"],
    ["head -n 50 CHANGELOG.md", "CHANGELOG.md"],
    ["head -40 go.mod", "go.mod"],
    ["tail -n +100 server.log", "server.log"],
    ["cd /repo && cat package.json", "package.json"],
    ["cat 'docs/my file.md'", "docs/my file.md"],
    ["cat config.yaml 2>/dev/null", "config.yaml"],
    ["cat -n src/a.ts | head -n 30", "src/a.ts"],
    ["Get-Content -Path src\\app.ts -TotalCount 200", "src\\app.ts"],
    ["gc 'C:\\repo\\README.md'", "C:\\repo\\README.md"],
    ["type config.json", "config.json"],
    ['powershell.exe -NoProfile -Command "Get-Content -LiteralPath src/cli.ts | Select-Object -First 120"', "src/cli.ts"],
    ["pwsh -c Get-Content docs/plan.md", "docs/plan.md"],
  ])("reads %j as one file", (command, path) => {
    expect(shellReadPath(command)).toBe(path);
  });

  it.each([
    "cat a.ts b.ts",
    "cat src/*.ts",
    "cat $FILE",
    "cat",
    "cat -",
    "cat src/",
    "sed -i 's/a/b/' x.ts",
    "sed -n '/start/,/end/p' x.ts",
    "cat a.ts | grep foo",
    "cat a.ts > b.ts",
    "npm test && cat out.txt",
    "rg -n needle src",
    "ls -la",
    "echo hi; cat a.txt",
    "Get-Content a.ts, b.ts",
    "Get-Content src/a.ts | Where-Object { $_ -match 'x' }",
    'powershell -Command "Get-ChildItem src"',
    "type a.txt > b.txt",
  ])("does not read %j as one file", (command) => {
    expect(shellReadPath(command)).toBeNull();
  });
});

describe("fileOperationsOf", () => {
  it("keeps pi's list of named file tools, with what an edit wrote", () => {
    expect(fileOperationsOf(call("Read", { file_path: "/r/a.ts" }))).toEqual([{ operation: "read", path: "/r/a.ts", written: null }]);
    expect(fileOperationsOf(call("Edit", { file_path: "/r/a.ts", old_string: "const a = 1;", new_string: "const a = 1;\nconst b = 2;" }))).toEqual([
      { operation: "edit", path: "/r/a.ts", written: ["const b = 2;"] },
    ]);
  });

  it("reads OpenHands' editor and Gemini CLI's replace by their commands", () => {
    expect(fileOperationsOf(call("str_replace_editor", { command: "view", path: "/w/src/parser.c" }))).toEqual([
      { operation: "read", path: "/w/src/parser.c", written: null },
    ]);
    expect(fileOperationsOf(call("str_replace_editor", { command: "create", path: "/w/a.html", file_text: "<p>hello there</p>" }))).toEqual([
      { operation: "write", path: "/w/a.html", written: ["<p>hello there</p>"] },
    ]);
    expect(fileOperationsOf(call("str_replace_editor", { command: "str_replace", path: "/w/a.c", old_str: "int x;", new_str: "long x;" }))).toEqual([
      { operation: "edit", path: "/w/a.c", written: ["long x;"] },
    ]);
    expect(fileOperationsOf(call("str_replace_editor", { command: "undo_edit", path: "/w/a.c" }))).toEqual([]);
    expect(fileOperationsOf(call("replace", { file_path: "docs/a.md", old_string: "# A", new_string: "# A\nBlue is a colour." }))).toEqual([
      { operation: "edit", path: "docs/a.md", written: ["Blue is a colour."] },
    ]);
  });

  it("reads a Codex patch as one write or edit per file, with the lines it adds and does not remove", () => {
    const patch = [
      "*** Begin Patch",
      "*** Update File: packages/core/src/trace.ts",
      "@@ export function trace",
      "-  const limit = 10;",
      "+  const limit = 25;",
      "   return limit;",
      "+  // keep the old limit for tests",
      "*** Add File: docs/trace.md",
      "+# Trace",
      "+Traces are kept for 30 days.",
      "*** Delete File: old.ts",
      "*** End Patch",
    ].join("\n");
    const expected = [
      { operation: "edit", path: "packages/core/src/trace.ts", written: ["const limit = 25;", "// keep the old limit for tests"] },
      { operation: "write", path: "docs/trace.md", written: ["# Trace", "Traces are kept for 30 days."] },
    ];
    expect(fileOperationsOf(call("apply_patch", patch))).toEqual(expected);
    // as a shell command's here-document, and as the older shell tool's argument list
    expect(fileOperationsOf(call("exec_command", { cmd: `apply_patch <<'EOF'\n${patch}\nEOF` }))).toEqual(expected);
    expect(fileOperationsOf(call("shell", { command: ["apply_patch", patch] }))).toEqual(expected);
  });

  it("reads a shell command that prints one file as a read of it", () => {
    expect(fileOperationsOf(call("exec_command", { cmd: "sed -n '1,200p' src/cli.ts", workdir: "/repo" }))).toEqual([
      { operation: "read", path: "src/cli.ts", written: null },
    ]);
    expect(fileOperationsOf(call("bash", { command: "cat /repo/.github/hooks/entire.json" }))).toEqual([
      { operation: "read", path: "/repo/.github/hooks/entire.json", written: null },
    ]);
    expect(fileOperationsOf(call("bash", { command: "npm test" }))).toEqual([]);
    expect(fileOperationsOf(call("WebSearch", { query: "cat README.md" }))).toEqual([]);
  });
});

describe("fileOperationsOf on SWE-agent's text actions", () => {
  it("reads open as a read and create as a write; other commands are not file operations", () => {
    expect(fileOperationsOf(call("open", "open pydicom/pixel_data_handlers/numpy_handler.py 293\n"))).toEqual([
      { operation: "read", path: "pydicom/pixel_data_handlers/numpy_handler.py", written: null },
    ]);
    expect(fileOperationsOf(call("create", "create reproduce_bug.py\n"))).toEqual([{ operation: "write", path: "reproduce_bug.py", written: null }]);
    expect(fileOperationsOf(call("open", "open a.py b.py"))).toEqual([]);
    expect(fileOperationsOf(call("find_file", 'find_file "numpy_handler.py"\n'))).toEqual([]);
  });
});
