import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { MessagePageSchema } from "@/lib/api/contracts/schemas";
import { readFuzzCorpus } from "@/lib/testing/fuzz/fuzz-corpus";
import { fuzzUploads } from "@/lib/testing/fuzz/fuzz-uploads";
import type { FuzzUpload } from "@/lib/testing/fuzz/mutate-transcript";
import { describeWithShared } from "@/lib/testing/describe-with-shared";
import { TRANSCRIPTS_DIR } from "@/lib/testing/shared-transcripts";
import { useTestDatabase } from "@/lib/testing/use-test-database";
import { GET as listMessages } from "./[id]/messages/route";
import { DELETE as deleteSession } from "./[id]/route";
import { GET as listSessions, POST as upload } from "./route";

/** FUZZ_COUNT / FUZZ_SEED override the CI run (`npm run fuzz -- --count 10000` sets them). */
const COUNT = Number(process.env.FUZZ_COUNT ?? 2_000);
const SEED = Number(process.env.FUZZ_SEED ?? 14);
const ORIGIN = "http://lab.test";
const params = (id: string) => ({ params: Promise.resolve({ id }) });

/**
 * The real route with a real Request from the same origin: a multipart form as the page's upload form sends it,
 * or — for about one upload in five, chosen by the bytes so it stays deterministic — the raw body with `?name=`,
 * as a script would post it.
 */
function post(file: FuzzUpload): Promise<Response> {
  const headers = { origin: ORIGIN, "sec-fetch-site": "same-origin" };
  const format = file.format ? `format=${file.format}` : "";
  if (file.bytes.length % 5 === 0) {
    const query = [format, `name=${encodeURIComponent(file.name)}`].filter(Boolean).join("&");
    return upload(new Request(`${ORIGIN}/api/sessions?${query}`, { method: "POST", body: file.bytes as Uint8Array<ArrayBuffer>, headers: { ...headers, "content-type": "application/octet-stream" } }), undefined);
  }
  const form = new FormData();
  form.append("file", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: "application/octet-stream" }));
  return upload(new Request(`${ORIGIN}/api/sessions${format ? `?${format}` : ""}`, { method: "POST", body: form, headers }), undefined);
}

/** sha256 over every stored message of a session, read back page by page through the API. */
async function messageHash(id: string): Promise<{ count: number; hash: string }> {
  const hash = crypto.createHash("sha256");
  let count = 0;
  for (let cursor: number | null = 0; cursor !== null; ) {
    const response = await listMessages(new Request(`${ORIGIN}/api/sessions/${id}/messages?cursor=${cursor}&limit=500`), params(id));
    const page = MessagePageSchema.parse(await response.json());
    for (const row of page.messages) hash.update(JSON.stringify(row));
    count += page.messages.length;
    cursor = page.nextCursor;
  }
  return { count, hash: hash.digest("hex") };
}

describeWithShared("upload fuzzing: mutated real transcripts through the real upload route (SQLite file)", () => {
  useTestDatabase("sqlite");

  it(`${COUNT} mutated uploads (seed ${SEED}): no 5xx, every 4xx names a line or field, every session stored before is intact`, async () => {
    const sources = readFuzzCorpus(TRANSCRIPTS_DIR);
    expect(sources.length).toBeGreaterThanOrEqual(10);
    // sessions stored before the fuzzing: one of each of three formats
    const keep = ["pi-mono__large-session.jsonl", "session-share__0ccf1a04.jsonl", "openhands__basic_gui_mode.json"].map((name) => sources.find((source) => source.name === name)!);
    const before = new Map<string, { count: number; hash: string }>();
    for (const source of keep) {
      const response = await post({ mutation: "truncated", source: source.name, name: source.name, bytes: source.bytes });
      expect(response.status, await response.clone().text()).toBe(201);
      const { id } = (await response.json()) as { id: string };
      before.set(id, await messageHash(id));
    }

    const figures = await fuzzUploads({
      sources,
      count: COUNT,
      seed: SEED,
      post,
      onStored: async ({ id }) => {
        expect((await deleteSession(new Request(`${ORIGIN}/api/sessions/${id}`, { method: "DELETE", headers: { origin: ORIGIN } }), params(id))).status).toBe(204);
      },
    });
    console.log(`[fuzz] ${JSON.stringify({ seed: SEED, uploads: figures.uploads, byStatus: figures.byStatus, stored: figures.stored, byMutation: figures.byMutation })}`);

    expect(figures.uploads).toBe(COUNT);
    expect(figures.serverErrors).toEqual([]);
    expect(figures.vagueErrors).toEqual([]);
    // the mutations are not all refused: some still make valid transcripts (reordered lines, a renamed file)
    expect(figures.stored).toBeGreaterThan(0);
    expect(Object.keys(figures.byMutation).length).toBeGreaterThanOrEqual(10);

    const after = new Map<string, { count: number; hash: string }>();
    for (const id of before.keys()) after.set(id, await messageHash(id));
    console.log(`[fuzz] sessions intact: ${[...before].filter(([id, value]) => after.get(id)?.hash === value.hash).length}/${before.size}`);
    expect(after).toEqual(before);
    const list = (await (await listSessions(new Request(`${ORIGIN}/api/sessions`), undefined)).json()) as { sessions: { id: string }[] };
    expect(list.sessions.map((session) => session.id).sort()).toEqual([...before.keys()].sort());
  }, Math.max(600_000, COUNT * 300));
});
