import type { Project } from "./create-project";
import type { Random } from "./create-random";

const STATUSES = ["draft", "open", "open", "closed", "cancelled"];

/**
 * A JSON API response (pretty-printed, as `curl … | jq` shows it) with `items` records of the project's
 * entity. Record count drives the size, so a long-tailed count gives the occasional huge payload.
 */
export function buildJsonPayload(options: { random: Random; project: Project; items: number; baseMs: number }): string {
  const { random, project } = options;
  const records = [];
  for (let index = 0; index < options.items; index++) {
    const created = options.baseMs - random.int(0, 90) * 86_400_000;
    records.push({
      id: `${project.entity.slice(0, 3)}_${random.token(10)}`,
      status: random.pick(STATUSES),
      totalCents: random.int(100, 250_000),
      currency: random.pick(["EUR", "USD", "GBP"]),
      items: random.int(1, 12),
      createdAt: new Date(created).toISOString(),
      tags: random.chance(0.3) ? [random.pick(["priority", "b2b", "manual", "imported"])] : [],
    });
  }
  const nextCursor = random.chance(0.7) ? random.token(16) : null;
  return JSON.stringify({ data: records, page: { limit: options.items, nextCursor }, apiVersion: project.version }, null, 2);
}
