import { expect, it } from "vitest";
import { db } from "../store/db";
import { addUserProbe, deleteUserProbe, listUserProbes } from "../store/user-probes";
import { buildSession } from "./store-contract";
import { storeSession } from "../store/sessions";

/** The user-probe store's behaviour, shared by the SQLite and PostgreSQL test files. Call it inside a describe block. */
export function userProbesContract(): void {
  it("adds, lists (oldest first), deletes and cascades user probes; refuses a bad regex and unknown ids", async () => {
    const { id } = await storeSession({ session: buildSession(6), sessionCount: 1, pick: 0 });
    const first = await addUserProbe(id, { kind: "text", pattern: "src/app.ts", label: "" });
    const second = await addUserProbe(id, { kind: "regex", pattern: "TS\\d{4}", label: "a TypeScript error" });
    expect(first).toEqual({ id: expect.any(String), sessionId: id, kind: "text", pattern: "src/app.ts", createdAt: expect.any(Date) });
    expect(second).toMatchObject({ kind: "regex", pattern: "TS\\d{4}", label: "a TypeScript error" });
    expect(await listUserProbes(id)).toEqual([first, second]);

    await expect(addUserProbe(id, { kind: "regex", pattern: "(unclosed" })).rejects.toMatchObject({ code: "invalid_pattern", path: "pattern", message: expect.stringMatching(/does not compile/) });
    await expect(addUserProbe("no-session", { kind: "text", pattern: "x" })).rejects.toMatchObject({ code: "not_found:session" });
    await expect(listUserProbes("no-session")).rejects.toMatchObject({ code: "not_found:session" });

    await deleteUserProbe(id, first.id);
    expect(await listUserProbes(id)).toEqual([second]);
    await expect(deleteUserProbe(id, first.id)).rejects.toMatchObject({ code: "not_found:probe" });

    await (await db()).session.delete({ where: { id } });
    expect(await (await db()).userProbe.count({ where: { sessionId: id } })).toBe(0);
  });
}
