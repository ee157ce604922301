import type { Project } from "./create-project";
import type { Random } from "./create-random";

const TOPICS = [
  { title: "Rate limiting", url: "https://expressjs.com/en/advanced/best-practice-performance.html" },
  { title: "Cursor-based pagination", url: "https://docs.sqlalchemy.org/en/20/orm/queryguide/select.html" },
  { title: "Schema validation", url: "https://zod.dev/api" },
  { title: "Decimal rounding", url: "https://docs.python.org/3/library/decimal.html" },
  { title: "Connection pooling", url: "https://node-postgres.com/features/pooling" },
];

const SENTENCES = [
  "The default configuration is suitable for development but should be tuned for production workloads.",
  "Values are applied per process; behind a load balancer each instance keeps its own counters.",
  "When the limit is reached, the middleware responds with status 429 and a Retry-After header.",
  "Prefer keyset pagination for large tables: offset pagination scans every skipped row.",
  "Rounding happens once, at the end: intermediate results keep their full precision.",
  "Errors thrown inside async handlers must be passed to next() or they crash the process.",
  "Set a statement timeout so that a slow query cannot hold a pool connection forever.",
];

/** The URL a session's web_fetch calls use, fixed per topic so a re-fetch hits the same page. */
export function pickWebTopic(random: Random): { title: string; url: string } {
  return random.pick(TOPICS);
}

/** A fetched documentation page rendered to markdown: headings, prose and a code sample, `paragraphs` long. */
export function buildWebPage(options: { random: Random; project: Project; title: string; url: string; paragraphs: number }): string {
  const { random, project } = options;
  const sections = [`# ${options.title}`, `Source: ${options.url}`, ""];
  for (let index = 0; index < options.paragraphs; index++) {
    if (index % 4 === 0) sections.push(`## ${options.title} ${random.pick(["options", "examples", "caveats", "reference"])}`, "");
    const count = random.int(2, 5);
    const paragraph: string[] = [];
    for (let sentence = 0; sentence < count; sentence++) paragraph.push(random.pick(SENTENCES));
    sections.push(paragraph.join(" "), "");
    if (random.chance(0.25)) {
      sections.push(
        "```" + (project.language === "typescript" ? "ts" : "python"),
        project.language === "typescript"
          ? `app.use(limiter({ windowMs: ${random.int(1, 15)} * 60 * 1000, max: ${random.int(50, 500)} }));`
          : `engine = create_async_engine(url, pool_size=${random.int(5, 20)}, pool_timeout=${random.int(5, 30)})`,
        "```",
        "",
      );
    }
  }
  return sections.join("\n");
}
