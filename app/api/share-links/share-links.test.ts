import { describe, expect, it } from "vitest";
import { generateSession } from "@/lib/generator/generate-session";
import { db } from "@/lib/store/db";
import { hashShareToken, resolveShareToken } from "@/lib/store/share-links";
import { storeSession } from "@/lib/store/sessions";
import { useTestDatabase } from "@/lib/testing/use-test-database";
import { GET as listLinks } from "../sessions/[id]/share-links/route";
import { POST as createLink } from "./route";
import { DELETE as revokeLink } from "./[id]/route";

const params = (id: string) => ({ params: Promise.resolve({ id }) });
const post = (body: unknown, headers: Record<string, string> = {}) =>
  createLink(new Request("http://lab.test/api/share-links", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) }), { params: Promise.resolve({}) });

describe("share links (route handlers, fresh SQLite file)", () => {
  useTestDatabase("sqlite");

  it("creates an unguessable token stored only as its hash, lists links without tokens, resolves until revoked", async () => {
    const { id: sessionId } = await storeSession({ session: generateSession({ seed: 3, messages: 40 }), sessionCount: 1, pick: 0 });
    const response = await post({ kind: "session", targetId: sessionId, label: "for the demo" });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    expect(created.path).toBe(`/share/${created.token}`);
    expect(created.link).toMatchObject({ kind: "session", sessionId, runId: null, label: "for the demo", revokedAt: null });

    const rows = await (await db()).shareLink.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashShareToken(created.token));
    expect(JSON.stringify(rows)).not.toContain(created.token);

    const listed = await (await listLinks(new Request(`http://lab.test/api/sessions/${sessionId}/share-links`), params(sessionId))).text();
    expect(listed).toContain(created.link.id);
    expect(listed).not.toContain(created.token);

    expect(await resolveShareToken(created.token)).toMatchObject({ id: created.link.id, kind: "session" });
    // one character off (never the same character: a token ending in "A" must not be "altered" into itself)
    const altered = `${created.token.slice(0, -1)}${created.token.endsWith("A") ? "B" : "A"}`;
    expect(await resolveShareToken(altered)).toBeNull();
    expect(await resolveShareToken("../../etc/passwd")).toBeNull();

    const revoked = await revokeLink(new Request(`http://lab.test/api/share-links/${created.link.id}`, { method: "DELETE" }), params(created.link.id));
    expect(revoked.status).toBe(200);
    expect((await revoked.json()).link.revokedAt).not.toBeNull();
    expect(await resolveShareToken(created.token)).toBeNull();
  });

  it("refuses an unknown target, a bad kind naming the field, and a cross-site request", async () => {
    expect((await post({ kind: "run", targetId: "no-such-run" })).status).toBe(404);
    const bad = await post({ kind: "everything", targetId: "x" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("kind");
    expect((await post({ kind: "session", targetId: "x" }, { origin: "https://evil.example", "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await revokeLink(new Request("http://lab.test/api/share-links/nope", { method: "DELETE" }), params("nope"))).status).toBe(404);
  });
});
