import { afterEach, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "@/lib/api/contracts/schemas";
import { generateSession } from "@/lib/generator/generate-session";
import { OPENAI_CHAT } from "@/lib/testing/import-upload-contract";
import { db } from "@/lib/store/db";
import { storeSession } from "@/lib/store/sessions";
import { useTestDatabase } from "@/lib/testing/use-test-database";
import { POST as startRun } from "./sessions/[id]/runs/route";
import { POST as reimport } from "./sessions/[id]/reimport/route";
import { DELETE as deleteSession } from "./sessions/[id]/route";
import { GET as listSessions, POST as upload } from "./sessions/route";
import { GET as readSession } from "./sessions/[id]/route";
import { DELETE as deleteRun } from "./runs/[id]/route";

const LAB = "http://lab.test";
const EVIL = "https://evil.example";
const PROXY_SECRET = "cross-site-test-proxy-secret-0123456789";
const params = (id: string) => ({ params: Promise.resolve({ id }) });

async function errorOf(response: Response) {
  return ApiErrorSchema.parse(await response.json()).error;
}

async function counts() {
  const prisma = await db();
  return { sessions: await prisma.session.count(), runs: await prisma.run.count(), messages: await prisma.message.count() };
}

function uploadForm(headers: Record<string, string>) {
  const form = new FormData();
  form.append("file", new File([OPENAI_CHAT], "chat.json", { type: "application/json" }));
  return upload(new Request(`${LAB}/api/sessions`, { method: "POST", body: form, headers }), undefined);
}

describe("state-changing routes refuse cross-site requests (real route handlers, fresh SQLite database)", () => {
  useTestDatabase("sqlite");
  afterEach(() => {
    delete process.env.LAB_TRUSTED_ORIGINS;
    delete process.env.LAB_TRUSTED_PROXY_SECRET;
  });

  async function seeded() {
    return (await storeSession({ session: generateSession({ seed: 3, messages: 40 }), sessionCount: 1, pick: 0 })).id;
  }

  it("a foreign Origin gets 403 cross_site_request on upload, run, re-import and DELETE, and nothing changes", async () => {
    const id = await seeded();
    const before = await counts();
    const foreign = { origin: EVIL, "sec-fetch-site": "cross-site" };
    const responses = [
      await uploadForm(foreign),
      await startRun(new Request(`${LAB}/api/sessions/${id}/runs`, { method: "POST", headers: { ...foreign, "content-type": "application/json" }, body: JSON.stringify({ strategy: "none" }) }), params(id)),
      await reimport(new Request(`${LAB}/api/sessions/${id}/reimport`, { method: "POST", headers: foreign }), params(id)),
      await deleteSession(new Request(`${LAB}/api/sessions/${id}`, { method: "DELETE", headers: foreign }), params(id)),
      await deleteRun(new Request(`${LAB}/api/runs/any`, { method: "DELETE", headers: { origin: EVIL } }), params("any")),
    ];
    for (const response of responses) {
      expect(response.status).toBe(403);
      const error = await errorOf(response);
      expect(error.code).toBe("cross_site_request");
      expect(error.message).toContain(EVIL);
    }
    expect(await counts()).toEqual(before);
  });

  it("Sec-Fetch-Site cross-site or same-site is refused even without an Origin; the literal Origin 'null' too", async () => {
    const id = await seeded();
    const before = await counts();
    for (const headers of [{ "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }, { origin: "null" }] as Record<string, string>[]) {
      const response = await deleteSession(new Request(`${LAB}/api/sessions/${id}`, { method: "DELETE", headers }), params(id));
      expect(response.status).toBe(403);
    }
    expect(await counts()).toEqual(before);
  });

  it("a text/plain run request (what a cross-site form or simple fetch can send) gets 415 and runs nothing", async () => {
    const id = await seeded();
    const before = await counts();
    const response = await startRun(
      new Request(`${LAB}/api/sessions/${id}/runs`, { method: "POST", headers: { origin: LAB, "content-type": "text/plain" }, body: JSON.stringify({ strategy: "none" }) }),
      params(id),
    );
    expect(response.status).toBe(415);
    expect((await errorOf(response)).message).toContain("application/json");
    expect(await counts()).toEqual(before);
  });

  it("the page's own requests pass: same Origin (by URL or by Host header), Sec-Fetch-Site same-origin, a trusted proxy origin", async () => {
    expect((await uploadForm({ origin: LAB, "sec-fetch-site": "same-origin" })).status).toBe(201);
    expect((await uploadForm({ origin: "http://localhost:3000", host: "localhost:3000" })).status).toBe(201);
    process.env.LAB_TRUSTED_ORIGINS = "https://lab.example.org";
    expect((await uploadForm({ origin: "https://lab.example.org" })).status).toBe(201);
    const id = await seeded();
    const run = await startRun(
      new Request(`${LAB}/api/sessions/${id}/runs`, { method: "POST", headers: { origin: LAB, "content-type": "application/json" }, body: JSON.stringify({ strategy: "none" }) }),
      params(id),
    );
    expect(run.status).toBe(200);
    await run.text();
  });

  it("a forged X-Forwarded-Host naming the foreign origin is ignored without the trusted proxy's proof, and nothing is stored", async () => {
    const before = await counts();
    const forged = { origin: "http://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" };
    const refused = await uploadForm(forged);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("cross_site_request");
    process.env.LAB_TRUSTED_PROXY_SECRET = PROXY_SECRET;
    expect((await uploadForm(forged)).status).toBe(403);
    expect((await uploadForm({ ...forged, "x-lab-proxy-secret": "a-guess-at-the-secret-of-similar-length" })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it("through the trusted proxy, its forwarded host is the lab's own origin", async () => {
    process.env.LAB_TRUSTED_PROXY_SECRET = PROXY_SECRET;
    const viaProxy = { origin: "https://lab.example.org", host: "127.0.0.1:3000", "x-forwarded-host": "lab.example.org", "x-forwarded-proto": "https", "x-lab-proxy-secret": PROXY_SECRET };
    expect((await uploadForm(viaProxy)).status).toBe(201);
    // the proxy's proof does not make a foreign page's Origin its own
    expect((await uploadForm({ ...viaProxy, origin: "https://evil.example" })).status).toBe(403);
  });

  it("a client outside a browser (no Origin, no Sec-Fetch-Site: curl, scripts) is not a cross-site request", async () => {
    expect((await uploadForm({})).status).toBe(201);
  });

  it("DNS rebinding: a foreign Host with its own matching Origin gets 421 host_not_served on upload and reads, and nothing is stored", async () => {
    const id = await seeded();
    const before = await counts();
    const rebound = { host: "evil.example:3000", origin: "http://evil.example:3000", "sec-fetch-site": "same-origin" };
    const responses = [
      await uploadForm(rebound),
      await listSessions(new Request("http://evil.example:3000/api/sessions", { headers: rebound }), undefined),
      await readSession(new Request(`http://evil.example:3000/api/sessions/${id}`, { headers: rebound }), params(id)),
    ];
    for (const response of responses) {
      expect(response.status).toBe(421);
      const error = await errorOf(response);
      expect(error.code).toBe("host_not_served");
      expect(error.message).toContain("evil.example:3000");
    }
    expect(await counts()).toEqual(before);
    // the lab's own names and addresses, and LAB_PUBLIC_URL's host, are served
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000"]) {
      expect((await listSessions(new Request(`http://${host}/api/sessions`, { headers: { host } }), undefined)).status).toBe(200);
    }
    process.env.LAB_PUBLIC_URL = "https://lab.example.org";
    try {
      expect((await listSessions(new Request("http://lab.example.org/api/sessions", { headers: { host: "lab.example.org" } }), undefined)).status).toBe(200);
    } finally {
      delete process.env.LAB_PUBLIC_URL;
    }
  });
});
