import type { Random } from "./create-random";

export type ProjectLanguage = "typescript" | "python";

/**
 * The made-up repository a generated session works in. Every path, port, version and identifier the
 * session mentions comes from here, so a file read early is the same file edited later and a probe that
 * asks "which port does the server use?" has one right answer.
 */
export interface Project {
  language: ProjectLanguage;
  /** repository and package name, e.g. "billing-api" */
  name: string;
  root: string;
  /** the domain noun the code is about: "order", "invoice"… */
  entity: string;
  /** the main module under change (route / API file) */
  mainFile: string;
  /** the service holding the logic that breaks */
  serviceFile: string;
  sourceFiles: string[];
  testFiles: string[];
  /** the test file that fails and is fixed */
  failingTestFile: string;
  testCommand: string;
  /** a narrower re-run of the failing file */
  focusedTestCommand: string;
  port: number;
  version: string;
  issueNumber: number;
  /** an application error code that shows up in logs */
  errorCode: string;
  /** runtime dependencies with versions, as the manifest lists them */
  dependencies: string[];
  branch: string;
}

const NAMES = ["billing-api", "inventory-service", "ledger", "notify-hub", "route-planner", "auth-gateway", "catalog"];
const ENTITIES = ["order", "invoice", "shipment", "ticket", "account", "booking", "payment"];
const TYPESCRIPT_DEPENDENCIES = ["express@4.21.2", "zod@3.24.1", "pg@8.13.1", "pino@9.6.0", "dayjs@1.11.13", "ioredis@5.4.2"];
const PYTHON_DEPENDENCIES = ["fastapi==0.115.6", "pydantic==2.10.4", "sqlalchemy==2.0.36", "httpx==0.28.1", "redis==5.2.1"];

/** Draws a consistent project for one session. */
export function createProject(random: Random): Project {
  const language: ProjectLanguage = random.chance(0.6) ? "typescript" : "python";
  const name = random.pick(NAMES);
  const entity = random.pick(ENTITIES);
  const common = {
    name,
    root: `/home/dev/${name}`,
    entity,
    port: random.pick([3000, 3001, 4000, 5173, 8000, 8080, 8443]),
    version: `${random.int(0, 4)}.${random.int(0, 19)}.${random.int(0, 9)}`,
    issueNumber: random.int(120, 2400),
    errorCode: `${entity.slice(0, 3).toUpperCase()}-${random.int(1000, 4999)}`,
    branch: `fix/${entity}-${random.int(10, 99)}`,
  };
  if (language === "typescript") {
    const sourceFiles = [
      "src/index.ts",
      "src/server.ts",
      "src/config.ts",
      `src/routes/${entity}s.ts`,
      `src/services/${entity}-service.ts`,
      "src/db/client.ts",
      "src/lib/validate.ts",
      "src/lib/logger.ts",
      "src/lib/errors.ts",
    ];
    const testFiles = [`tests/${entity}s.test.ts`, `tests/${entity}-service.test.ts`, "tests/helpers.ts"];
    return {
      ...common,
      language,
      mainFile: sourceFiles[3],
      serviceFile: sourceFiles[4],
      sourceFiles,
      testFiles,
      failingTestFile: testFiles[1],
      testCommand: "npm test",
      focusedTestCommand: `npx vitest run ${testFiles[1]}`,
      dependencies: TYPESCRIPT_DEPENDENCIES.filter(() => random.chance(0.8)),
    };
  }
  const packageName = name.replace(/-/g, "_");
  const sourceFiles = [
    `src/${packageName}/__init__.py`,
    `src/${packageName}/app.py`,
    `src/${packageName}/config.py`,
    `src/${packageName}/api.py`,
    `src/${packageName}/services/${entity}_service.py`,
    `src/${packageName}/db.py`,
    `src/${packageName}/models.py`,
    `src/${packageName}/errors.py`,
  ];
  const testFiles = ["tests/test_api.py", `tests/test_${entity}_service.py`, "tests/conftest.py"];
  return {
    ...common,
    language,
    mainFile: sourceFiles[3],
    serviceFile: sourceFiles[4],
    sourceFiles,
    testFiles,
    failingTestFile: testFiles[0],
    testCommand: "pytest -q",
    focusedTestCommand: `pytest -x ${testFiles[0]}`,
    dependencies: PYTHON_DEPENDENCIES.filter(() => random.chance(0.8)),
  };
}

/** "order" → "Order". */
export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
