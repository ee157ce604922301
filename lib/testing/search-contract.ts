import fs from "node:fs";
import { expect, it } from "vitest";
import type { Message, Session } from "../engine/model";
import { importUpload } from "../sessions/import-upload";
import { redactStoredSession } from "../sessions/redact-stored-session";
import { sqliteFile } from "../store/db";
import { replaceSessionContent } from "../store/replace-session-content";
import { searchMessages } from "../store/search-messages";
import { deleteSession, storeSession } from "../store/sessions";
import { fakeCredentials } from "./fake-credentials";

const user = (id: string, text: string): Message => ({ id, role: "user", parts: [{ type: "text", text }] });
const call = (id: string, name: string, input: unknown): Message => ({ id, role: "assistant", parts: [{ type: "tool-call", id: `c-${id}`, name, input }] });
const result = (id: string, output: string): Message => ({ id, role: "tool", parts: [{ type: "tool-result", callId: `c-${id}`, output, isError: false, images: [] }] });

function session(title: string, messages: Message[]): Session {
  return { title, format: "openai", meta: {}, messages };
}

const search = (query: string, page: { limit?: number; offset?: number } = {}) => searchMessages({ query, limit: page.limit ?? 20, offset: page.offset ?? 0 });
const marked = (hit: { snippet: { text: string; hit: boolean }[] }) => hit.snippet.filter((segment) => segment.hit).map((segment) => segment.text);

/**
 * Search across sessions against a real database (SQLite's FTS5 and PostgreSQL's tsvector share it): paths and
 * commands in tool inputs, phrases, paging, and the index following every write — a re-import, a redaction (the
 * secret is not found, and on SQLite not in the file), a delete.
 */
export function searchContract(options: { url: () => string }): void {
  it("finds a path in a tool call's input and a command, marks it in the snippet, and names the session and message", async () => {
    const editor = await storeSession({
      session: session("Fix the search box", [
        user("u1", "The search box crashes on an empty query"),
        call("a1", "Edit", { file_path: "/repo/app/_components/search-box.tsx", old_string: "query.trim()", new_string: "(query ?? '').trim()" }),
        result("a1", "The file /repo/app/_components/search-box.tsx has been updated."),
      ]),
      sessionCount: 1,
      pick: 0,
    });
    const builder = await storeSession({
      session: session("Build the docs", [user("u1", "build the docs site"), call("a1", "Bash", { command: "npm run build --workspace=docs" }), result("a1", "built 14 pages")]),
      sessionCount: 1,
      pick: 0,
    });

    const byPath = await search("app/_components/search-box.tsx");
    expect(byPath).toMatchObject({ total: 2, sessions: 1, nextOffset: null });
    expect(byPath.hits.map((hit) => [hit.sessionId, hit.seq]).sort()).toEqual([
      [editor.id, 1],
      [editor.id, 2],
    ]);
    const toolCall = byPath.hits.find((hit) => hit.seq === 1)!;
    expect(toolCall).toMatchObject({ sessionTitle: "Fix the search box", format: "openai", role: "assistant" });
    expect(marked(toolCall)).toEqual(["app/_components/search-box.tsx"]);

    const byCommand = await search('"npm run build" workspace docs');
    expect(byCommand.hits.map((hit) => [hit.sessionId, hit.seq])).toEqual([[builder.id, 1]]);
    expect(byCommand.hits[0].snippet.map((segment) => segment.text).join("")).toContain("npm run build --workspace=docs");

    // every phrase must be in the message; words in another order are not the phrase
    expect((await search("search-box.tsx docs")).total).toBe(0);
    expect((await search('"build run npm"')).total).toBe(0);
    // case does not matter; punctuation is not query syntax
    expect((await search("SEARCH-BOX.TSX")).total).toBe(2);
    expect((await search('(search) box: "*" ^ -')).total).toBe(3); // the user's words too
    expect(await search("--- ///")).toMatchObject({ total: 0, hits: [] });
  });

  it("pages through the hits", async () => {
    const messages = Array.from({ length: 5 }, (_, index) => user(`u${index}`, `pagination marker zebra number ${index}`));
    await storeSession({ session: session("Paged", messages), sessionCount: 1, pick: 0 });
    const first = await search("zebra", { limit: 2 });
    expect(first).toMatchObject({ total: 5, sessions: 1, nextOffset: 2 });
    expect(first.hits).toHaveLength(2);
    const last = await search("zebra", { limit: 2, offset: 4 });
    expect(last).toMatchObject({ nextOffset: null });
    expect(last.hits).toHaveLength(1);
    const seen = [...first.hits, ...(await search("zebra", { limit: 2, offset: 2 })).hits, ...last.hits].map((hit) => hit.seq).sort();
    expect(seen).toEqual([0, 1, 2, 3, 4]);
  });

  it("finds a word deep in a long tool output and marks it, with the text around it", async () => {
    const filler = "lorem ipsum dolor sit amet ".repeat(2_000); // 54,000 characters: PostgreSQL's third chunk
    const stored = await storeSession({
      session: session("Long output", [call("a1", "Read", { path: "big.log" }), result("a1", `${filler}FATAL quasar-overflow at line 9 ${filler}`)]),
      sessionCount: 1,
      pick: 0,
    });
    const found = await search("quasar-overflow");
    expect(found.hits.map((hit) => [hit.sessionId, hit.seq])).toEqual([[stored.id, 1]]);
    expect(marked(found.hits[0])).toEqual(["quasar-overflow"]);
    const text = found.hits[0].snippet.map((segment) => segment.text).join("");
    expect(text).toMatch(/^….*FATAL quasar-overflow at line 9.*…$/);
    expect(text.length).toBeLessThan(300);
  });

  it("follows a re-import and a delete: old text is not found, new text is", async () => {
    const stored = await storeSession({ session: session("Changing", [user("u1", "the walrus protocol")]), sessionCount: 1, pick: 0 });
    expect((await search("walrus")).total).toBe(1);
    await replaceSessionContent(stored.id, { session: session("Changing", [user("u1", "the narwhal protocol")]), sessionCount: 1 });
    expect((await search("walrus")).total).toBe(0);
    expect((await search("narwhal")).hits.map((hit) => hit.sessionId)).toEqual([stored.id]);
    await deleteSession(stored.id);
    expect((await search("narwhal")).total).toBe(0);
  });

  it("does not find a redacted secret, and on SQLite the file no longer holds it", async () => {
    const token = fakeCredentials(41).find((credential) => credential.rule === "github")!.value;
    const text = JSON.stringify({
      messages: [
        { role: "user", content: "push the branch" },
        { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "bash", arguments: JSON.stringify({ command: `git push https://${token}@github.com/acme/app` }) } }] },
        { role: "tool", tool_call_id: "c1", content: "pushed" },
      ],
    });
    const stored = await importUpload({ bytes: new TextEncoder().encode(text), format: "openai", sourceName: "push.json" });
    const randomPart = token.slice(4);
    expect((await search(token)).hits.map((hit) => [hit.sessionId, hit.seq])).toEqual([[stored.id, 1]]);
    await redactStoredSession(stored.id);
    expect((await search(token)).total).toBe(0);
    expect((await search(randomPart)).total).toBe(0);
    expect((await search("github.com/acme/app")).hits.map((hit) => hit.sessionId)).toEqual([stored.id]);
    const file = sqliteFile(options.url());
    if (file) {
      const bytes = fs.readFileSync(file).toString("latin1");
      for (const form of [randomPart, randomPart.toLowerCase()]) expect(bytes.includes(form), "the secret left in the database file").toBe(false);
    }
  });
}
