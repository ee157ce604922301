import { capitalize, type Project } from "./create-project";
import type { Random } from "./create-random";

export interface TestRunOutput {
  output: string;
  /** a failing run exits non-zero, which agents report as a tool error */
  isError: boolean;
}

/**
 * The output of the project's test command. A failing run names the failing test, the expected and
 * received values and a stack trace through the service file, so later messages ("the total was off by
 * the discount") have something concrete to point back to. `tests` is the number of passing tests listed.
 */
export function buildTestRun(options: { random: Random; project: Project; failing: boolean; tests: number }): TestRunOutput {
  const { random, project, failing, tests } = options;
  return project.language === "typescript"
    ? vitestRun(random, project, failing, tests)
    : pytestRun(random, project, failing, tests);
}

const BEHAVIOURS = [
  "creates a {e} with defaults",
  "rejects a {e} without items",
  "lists {e}s in pages of 50",
  "applies a percent discount",
  "applies a fixed discount",
  "returns 404 for an unknown {e}",
  "keeps the cursor stable across pages",
  "serialises dates as ISO strings",
  "rounds totals to cents",
  "retries a conflicting update once",
];

function behaviour(random: Random, project: Project): string {
  return random.pick(BEHAVIOURS).replaceAll("{e}", project.entity);
}

function vitestRun(random: Random, project: Project, failing: boolean, tests: number): TestRunOutput {
  const lines = [`> ${project.name}@${project.version} test`, "> vitest run", "", ` RUN  v3.0.5 ${project.root}`, ""];
  for (let index = 0; index < tests; index++) {
    const file = random.pick(project.testFiles.slice(0, 2));
    lines.push(` ✓ ${file} > ${project.entity}s > ${behaviour(random, project)} ${random.int(1, 40)}ms`);
  }
  if (failing) {
    const expected = random.int(1000, 9000);
    const received = expected + random.pick([-100, 100, 250, expected]);
    const line = random.int(30, 140);
    lines.push(
      ` × ${project.failingTestFile} > ${project.entity}s > applies a percent discount ${random.int(2, 30)}ms`,
      "",
      "⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯",
      "",
      ` FAIL  ${project.failingTestFile} > ${project.entity}s > applies a percent discount`,
      `AssertionError: expected ${received} to be ${expected} // Object.is equality`,
      "",
      `- Expected   ${expected}`,
      `+ Received   ${received}`,
      "",
      ` ❯ total${capitalize(project.entity)} ${project.serviceFile}:${line}:${random.int(5, 30)}`,
      ` ❯ ${project.failingTestFile}:${random.int(10, 90)}:${random.int(5, 30)}`,
      " ❯ processTicksAndRejections node:internal/process/task_queues:105:5",
      "",
      ` Test Files  1 failed | ${project.testFiles.length - 2} passed (${project.testFiles.length - 1})`,
      `      Tests  1 failed | ${tests} passed (${tests + 1})`,
    );
  } else {
    lines.push("", ` Test Files  ${project.testFiles.length - 1} passed (${project.testFiles.length - 1})`, `      Tests  ${tests} passed (${tests})`);
  }
  lines.push(`   Duration  ${(random.next() * 9 + 0.8).toFixed(2)}s`);
  return { output: lines.join("\n"), isError: failing };
}

function pytestRun(random: Random, project: Project, failing: boolean, tests: number): TestRunOutput {
  const lines = [
    "============================= test session starts ==============================",
    `platform linux -- Python 3.12.${random.int(1, 8)}, pytest-8.3.4, pluggy-1.5.0`,
    `rootdir: ${project.root}`,
    "configfile: pyproject.toml",
    `collected ${tests + (failing ? 1 : 0)} items`,
    "",
  ];
  for (let index = 0; index < tests; index++) {
    lines.push(`${random.pick(project.testFiles.slice(0, 2))}::test_${behaviour(random, project).replaceAll(" ", "_")} PASSED`);
  }
  if (failing) {
    const expected = random.int(1000, 9000);
    const received = expected + random.pick([-100, 100, 250]);
    const line = random.int(30, 140);
    lines.push(
      `${project.failingTestFile}::test_applies_a_percent_discount FAILED`,
      "",
      "=================================== FAILURES ===================================",
      "_______________________ test_applies_a_percent_discount ________________________",
      "",
      `    def test_applies_a_percent_discount(client):`,
      `        response = client.post("/${project.entity}s", json=make_${project.entity}(discount=10))`,
      `>       assert response.json()["total_cents"] == ${expected}`,
      `E       assert ${received} == ${expected}`,
      "",
      `${project.failingTestFile}:${random.int(10, 90)}: AssertionError`,
      "----------------------------- Captured log call ------------------------------",
      `ERROR    ${project.name.replaceAll("-", "_")}.services:${project.serviceFile.split("/").pop()}:${line} ${project.errorCode} total mismatch`,
      "=========================== short test summary info ============================",
      `FAILED ${project.failingTestFile}::test_applies_a_percent_discount - assert ${received} == ${expected}`,
      `!!!!!!!!!!!!!!!!!!!!!!!!!! stopping after 1 failures !!!!!!!!!!!!!!!!!!!!!!!!!!!`,
      `========================= 1 failed, ${tests} passed in ${(random.next() * 5 + 0.3).toFixed(2)}s =========================`,
    );
  } else {
    lines.push(`============================== ${tests} passed in ${(random.next() * 5 + 0.3).toFixed(2)}s ==============================`);
  }
  return { output: lines.join("\n"), isError: failing };
}
