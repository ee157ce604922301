import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { BadRequestError, NotFoundError } from "../api/contracts/errors";
import { db } from "./db";
import type { CreatedShareLinkRecord, NewShareLink, ShareLinkListing, ShareLinkRecord } from "./share-link-record";

/** 32 random bytes: 256 bits, base64url. */
const TOKEN_BYTES = 32;
const SELECT = { id: true, kind: true, sessionId: true, runId: true, runIds: true, label: true, unredactedSecrets: true, createdAt: true, revokedAt: true } as const;
const RunIdsSchema = z.array(z.string());

export function hashShareToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * Creates a read-only share link to a session, a run or a comparison (runs of one session, repeats dropped): an
 * unguessable token returned this once, stored only as its SHA-256. Throws `not_found:session` / `not_found:run` for
 * an unknown target — a comparison's run of another session counts as unknown, so a link never reaches past its session.
 * A session holding unredacted credentials (its secretCount) is refused (400 `secrets_unredacted`, naming how many
 * and their kinds) unless `allowSecrets` says to share anyway; the link then records how many it exposed.
 */
export async function createShareLink(input: NewShareLink): Promise<CreatedShareLinkRecord> {
  const prisma = await db();
  let sessionId: string;
  let runId: string | null = null;
  let runIds: string[] | null = null;
  if (input.kind === "session" || input.kind === "comparison") {
    const session = await prisma.session.findUnique({ where: { id: input.targetId }, select: { id: true } });
    if (!session) throw new NotFoundError("session", input.targetId);
    sessionId = session.id;
    if (input.kind === "comparison") {
      runIds = [...new Set(input.runIds ?? [])];
      const found = new Set((await prisma.run.findMany({ where: { id: { in: runIds }, sessionId }, select: { id: true } })).map((run) => run.id));
      const missing = runIds.find((id) => !found.has(id));
      if (missing !== undefined) throw new NotFoundError("run", missing, `Session ${JSON.stringify(sessionId)} has no run with id ${JSON.stringify(missing)}.`);
    }
  } else {
    const run = await prisma.run.findUnique({ where: { id: input.targetId }, select: { id: true, sessionId: true } });
    if (!run) throw new NotFoundError("run", input.targetId);
    sessionId = run.sessionId;
    runId = run.id;
  }
  const unredactedSecrets = await checkSecrets(sessionId, input.allowSecrets === true);
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const row = await prisma.shareLink.create({
    data: { tokenHash: hashShareToken(token), kind: input.kind, sessionId, runId, ...(runIds ? { runIds } : {}), label: input.label?.trim() ? input.label.trim() : null, unredactedSecrets },
    select: SELECT,
  });
  return { link: toRecord(row), token };
}

/** How many unredacted findings the session holds; throws `secrets_unredacted` when there are some and sharing them was not chosen. */
async function checkSecrets(sessionId: string, allowSecrets: boolean): Promise<number> {
  const prisma = await db();
  const session = await prisma.session.findUnique({ where: { id: sessionId }, select: { secretCount: true, secretKinds: true } });
  const count = session?.secretCount ?? 0;
  if (count === 0 || allowSecrets) return count;
  const kinds = Array.isArray(session?.secretKinds) ? session.secretKinds.join(", ") : "credentials";
  throw new BadRequestError(
    "secrets_unredacted",
    `This session holds ${count} unredacted credential${count === 1 ? "" : "s"} (${kinds}): anyone with the link would see ${count === 1 ? "it" : "them"}. Redact the session first, or share anyway with allowSecrets: true.`,
    "allowSecrets",
  );
}

/** A session's share links (its own and its runs'), newest first; revoked ones included, marked. */
export async function listShareLinks(sessionId: string): Promise<ShareLinkRecord[]> {
  const prisma = await db();
  const rows = await prisma.shareLink.findMany({ where: { sessionId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: SELECT });
  return rows.map(toRecord);
}

/**
 * Every share link in the lab, newest first (revoked ones included, marked), with what each exposes by name: its
 * session's title and its runs' strategies (null for a run deleted since the link was made).
 */
export async function listAllShareLinks(): Promise<ShareLinkListing[]> {
  const prisma = await db();
  const rows = await prisma.shareLink.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { ...SELECT, session: { select: { title: true } } } });
  const views = rows.map(toRecord);
  const runIds = [...new Set(views.flatMap((view) => (view.runId ? [view.runId] : view.runIds)))];
  const strategyById = new Map((await prisma.run.findMany({ where: { id: { in: runIds } }, select: { id: true, strategyId: true } })).map((run) => [run.id, run.strategyId]));
  return views.map((view, index) => ({
    ...view,
    sessionTitle: rows[index].session.title,
    runs: (view.runId ? [view.runId] : view.runIds).map((id) => ({ id, strategyId: strategyById.get(id) ?? null })),
  }));
}

/** Revokes a link (idempotent). Throws `not_found:share_link`. */
export async function revokeShareLink(id: string): Promise<ShareLinkRecord> {
  const prisma = await db();
  const row = await prisma.shareLink.findUnique({ where: { id }, select: SELECT });
  if (!row) throw new NotFoundError("share_link", id);
  if (row.revokedAt) return toRecord(row);
  return toRecord(await prisma.shareLink.update({ where: { id }, data: { revokedAt: new Date() }, select: SELECT }));
}

/** The live link a token opens, or null (unknown, malformed or revoked): compared by hash, never by the token. */
export async function resolveShareToken(token: string): Promise<ShareLinkRecord | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const prisma = await db();
  const row = await prisma.shareLink.findUnique({ where: { tokenHash: hashShareToken(token) }, select: SELECT });
  return row && !row.revokedAt ? toRecord(row) : null;
}

function toRecord(row: { id: string; kind: string; sessionId: string; runId: string | null; runIds: unknown; label: string | null; unredactedSecrets: number; createdAt: Date; revokedAt: Date | null }): ShareLinkRecord {
  const runIds = row.runIds === null ? [] : RunIdsSchema.parse(row.runIds);
  return {
    id: row.id,
    kind: row.kind === "run" ? "run" : row.kind === "comparison" ? "comparison" : "session",
    sessionId: row.sessionId,
    runId: row.runId,
    runIds,
    label: row.label,
    unredactedSecrets: row.unredactedSecrets,
    createdAt: row.createdAt,
    revokedAt: row.revokedAt,
  };
}
