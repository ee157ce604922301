import type { Project } from "./create-project";
import type { Random } from "./create-random";

const ROUTES = ["GET /{e}s", "GET /{e}s/:id", "POST /{e}s", "PATCH /{e}s/:id", "GET /health", "GET /metrics"];

/**
 * `lines` lines of a running server's log: request lines with timestamps, the odd warning and an
 * occasional error carrying the project's error code and a short stack. This is the long tail of tool
 * output (a `tail -n 500` or a dev-server start) that compaction strategies exist to deal with.
 */
export function buildServerLog(options: { random: Random; project: Project; lines: number; startMs: number }): string {
  const { random, project } = options;
  const output: string[] = [];
  let time = options.startMs;
  output.push(`${new Date(time).toISOString()} INFO  server listening on http://localhost:${project.port} (v${project.version})`);
  while (output.length < options.lines) {
    time += random.int(3, 900);
    const stamp = new Date(time).toISOString();
    const route = random.pick(ROUTES).replace("{e}", project.entity);
    const roll = random.next();
    if (roll < 0.04) {
      output.push(
        `${stamp} ERROR ${project.errorCode} ${route} failed: duplicate key value violates unique constraint "${project.entity}s_pkey"`,
        `    at ${project.serviceFile}:${random.int(20, 140)}:${random.int(3, 40)}`,
        `    at ${project.mainFile}:${random.int(10, 90)}:${random.int(3, 40)}`,
      );
    } else if (roll < 0.1) {
      output.push(`${stamp} WARN  slow query ${random.int(250, 4000)}ms: SELECT * FROM ${project.entity}s WHERE status = $1 LIMIT ${random.int(10, 200)}`);
    } else {
      const status = random.chance(0.93) ? 200 : random.pick([201, 204, 400, 404, 409]);
      output.push(`${stamp} INFO  ${route.replace(":id", `${project.entity.slice(0, 3)}_${random.token(8)}`)} ${status} ${random.int(1, 180)}ms`);
    }
  }
  return output.slice(0, options.lines).join("\n");
}

/** A package install or build log: mostly noise, long, ending in a one-line result. */
export function buildInstallLog(options: { random: Random; project: Project; lines: number }): string {
  const { random, project } = options;
  const python = project.language === "python";
  const output: string[] = [];
  while (output.length < options.lines - 1) {
    const dependency = random.pick(project.dependencies.length > 0 ? project.dependencies : ["typescript@5.7.3"]);
    output.push(
      python
        ? `Collecting ${dependency.split("==")[0]}${random.chance(0.5) ? `>=${random.int(0, 4)}.${random.int(0, 20)}` : ""}\n  Using cached ${dependency.split("==")[0]}-${random.int(0, 4)}.${random.int(0, 20)}.${random.int(0, 9)}-py3-none-any.whl (${random.int(12, 900)} kB)`
        : `npm http fetch GET 200 https://registry.npmjs.org/${dependency.split("@")[0]}-${random.token(4).toLowerCase()} ${random.int(8, 400)}ms (cache ${random.pick(["hit", "miss", "revalidated"])})`,
    );
  }
  output.push(python ? `Successfully installed ${project.dependencies.join(" ")}` : `added ${random.int(120, 900)} packages, and audited ${random.int(900, 1400)} packages in ${random.int(2, 40)}s`);
  return output.join("\n");
}
