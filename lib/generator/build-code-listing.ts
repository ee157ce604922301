import { capitalize, type Project } from "./create-project";
import type { Random } from "./create-random";

const TYPESCRIPT_BLOCKS: readonly string[][] = [
  [
    "export async function list{E}s(query: {E}Query): Promise<{E}[]> {",
    "  const limit = Math.min(query.limit ?? 50, MAX_PAGE_SIZE);",
    "  const rows = await db.query<{E}Row>(SELECT_{U}S, [query.cursor ?? null, limit]);",
    "  logger.debug({ count: rows.length }, \"listed {e}s\");",
    "  return rows.map(to{E});",
    "}",
  ],
  [
    "export function total{E}(items: LineItem[], discount?: Discount): number {",
    "  let subtotal = 0;",
    "  for (const item of items) subtotal += item.unitPrice * item.quantity;",
    "  if (!discount) return roundCents(subtotal);",
    "  const reduction = discount.kind === \"percent\" ? subtotal * (discount.value / 100) : discount.value;",
    "  return roundCents(Math.max(0, subtotal - reduction));",
    "}",
  ],
  [
    "router.post(\"/{e}s\", async (request, response, next) => {",
    "  const parsed = {E}InputSchema.safeParse(request.body);",
    "  if (!parsed.success) {",
    "    return response.status(400).json({ code: \"{C}\", issues: parsed.error.issues });",
    "  }",
    "  try {",
    "    const created = await {e}Service.create(parsed.data);",
    "    response.status(201).json(created);",
    "  } catch (error) {",
    "    next(error);",
    "  }",
    "});",
  ],
  [
    "export interface {E} {",
    "  id: string;",
    "  status: \"draft\" | \"open\" | \"closed\";",
    "  totalCents: number;",
    "  createdAt: string;",
    "  updatedAt: string;",
    "}",
  ],
  [
    "export class {E}NotFoundError extends AppError {",
    "  constructor(readonly {e}Id: string) {",
    "    super(`{e} ${{e}Id} not found`, { status: 404, code: \"{C}\" });",
    "  }",
    "}",
  ],
  [
    "const config = {",
    "  port: Number(process.env.PORT ?? {P}),",
    "  databaseUrl: requireEnv(\"DATABASE_URL\"),",
    "  pageSize: Number(process.env.PAGE_SIZE ?? {N}),",
    "};",
  ],
  ["// keep in sync with migrations/00{N}_{e}_status.sql", "import { db } from \"../db/client\";", "import { logger } from \"../lib/logger\";"],
];

const PYTHON_BLOCKS: readonly string[][] = [
  [
    "async def list_{e}s(session: AsyncSession, cursor: str | None = None, limit: int = 50) -> list[{E}]:",
    "    limit = min(limit, MAX_PAGE_SIZE)",
    "    query = select({E}).where({E}.id > (cursor or \"\")).order_by({E}.id).limit(limit)",
    "    result = await session.execute(query)",
    "    return list(result.scalars())",
  ],
  [
    "def total_{e}(items: list[LineItem], discount: Discount | None = None) -> Decimal:",
    "    subtotal = sum((item.unit_price * item.quantity for item in items), Decimal(0))",
    "    if discount is None:",
    "        return subtotal.quantize(CENTS)",
    "    reduction = subtotal * discount.value / 100 if discount.kind == \"percent\" else discount.value",
    "    return max(Decimal(0), subtotal - reduction).quantize(CENTS)",
  ],
  [
    "@router.post(\"/{e}s\", status_code=201)",
    "async def create_{e}(payload: {E}In, session: AsyncSession = Depends(get_session)) -> {E}Out:",
    "    try:",
    "        return await {e}_service.create(session, payload)",
    "    except ValidationError as error:",
    "        raise HTTPException(status_code=400, detail={\"code\": \"{C}\", \"errors\": error.errors()})",
  ],
  [
    "class {E}(Base):",
    "    __tablename__ = \"{e}s\"",
    "    id: Mapped[str] = mapped_column(primary_key=True)",
    "    status: Mapped[str] = mapped_column(default=\"draft\")",
    "    total_cents: Mapped[int] = mapped_column(default=0)",
    "    created_at: Mapped[datetime] = mapped_column(server_default=func.now())",
  ],
  [
    "class {E}NotFound(AppError):",
    "    status_code = 404",
    "    code = \"{C}\"",
  ],
  ["settings = Settings(port=int(os.environ.get(\"PORT\", {P})), page_size={N})"],
  ["from sqlalchemy import select", "from ..db import get_session", "import logging", "", "logger = logging.getLogger(__name__)"],
];

/** Fills a code template with the project's names. */
export function fillTemplate(template: string, project: Project, number: number): string {
  return template
    .replaceAll("{E}", capitalize(project.entity))
    .replaceAll("{U}", project.entity.toUpperCase())
    .replaceAll("{e}", project.entity)
    .replaceAll("{C}", project.errorCode)
    .replaceAll("{P}", String(project.port))
    .replaceAll("{N}", String(number));
}

/**
 * A `cat -n`-style listing of about `lines` lines of plausible source in the project's language, built from
 * blocks of real-looking code with the project's identifiers. Line numbers start at `firstLine` so a partial
 * read (offset/limit) looks like one.
 */
export function buildCodeListing(options: { random: Random; project: Project; lines: number; firstLine?: number }): string {
  const { random, project } = options;
  const blocks = project.language === "typescript" ? TYPESCRIPT_BLOCKS : PYTHON_BLOCKS;
  const output: string[] = [];
  let lineNumber = options.firstLine ?? 1;
  while (output.length < options.lines) {
    const block = random.pick(blocks);
    const number = random.int(2, 99);
    for (const template of block) {
      if (output.length >= options.lines) break;
      output.push(`${String(lineNumber++).padStart(6)}\t${fillTemplate(template, project, number)}`);
    }
    if (output.length < options.lines) output.push(`${String(lineNumber++).padStart(6)}\t`);
  }
  return output.join("\n");
}

/** One code block (unnumbered) for edits and file writes. */
export function codeBlock(random: Random, project: Project): string[] {
  const blocks = project.language === "typescript" ? TYPESCRIPT_BLOCKS : PYTHON_BLOCKS;
  const number = random.int(2, 99);
  return random.pick(blocks).map((template) => fillTemplate(template, project, number));
}
