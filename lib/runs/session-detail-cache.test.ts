import { describe, expect, it } from "vitest";
import { generateSession } from "../generator/generate-session";
import { NotFoundError } from "../api/contracts/errors";
import { deleteSession, getSession, storeSession } from "../store/sessions";
import { useTestDatabase } from "../testing/use-test-database";
import { getSessionCached, SESSION_DETAIL_CACHE_SIZE } from "./session-detail-cache";

describe("getSessionCached (real SQLite file)", () => {
  useTestDatabase("sqlite");

  it("answers what getSession answers, and the second call from memory", async () => {
    const { id } = await storeSession({ session: generateSession({ seed: 3, messages: 300 }), sessionCount: 1, pick: 0 });
    const first = await getSessionCached(id);
    expect(first).toEqual(await getSession(id));
    expect(first.contextCurve.length).toBeGreaterThan(10);
    expect(await getSessionCached(id)).toBe(first);
  });

  it("a deleted session is a 404, not a cached answer", async () => {
    const { id } = await storeSession({ session: generateSession({ seed: 4, messages: 100 }), sessionCount: 1, pick: 0 });
    await getSessionCached(id);
    await deleteSession(id);
    await expect(getSessionCached(id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it(`keeps the ${SESSION_DETAIL_CACHE_SIZE} most recently read sessions`, async () => {
    const ids: string[] = [];
    for (let seed = 0; seed <= SESSION_DETAIL_CACHE_SIZE; seed++) {
      ids.push((await storeSession({ session: generateSession({ seed: 10 + seed, messages: 20 }), sessionCount: 1, pick: 0 })).id);
    }
    const oldest = await getSessionCached(ids[0]);
    for (const id of ids.slice(1)) await getSessionCached(id);
    const again = await getSessionCached(ids[0]);
    expect(again).not.toBe(oldest);
    expect(again).toEqual(oldest);
  });
});
