import fs from "node:fs";
import { expect, test } from "./fixtures/test";
import { generateSession } from "../lib/generator/generate-session";
import { exportOpenAI } from "../lib/transcripts/export-openai";
import { importThroughApi } from "./fixtures/api";
import { E2E_TMPDIR, STALE_SPOOL } from "./fixtures/server-tmpdir";

const spools = () => fs.readdirSync(E2E_TMPDIR).filter((name) => name.startsWith("lab-upload-"));

test.describe("the server's temporary directory", () => {
  test("a spool folder a killed server left days ago is removed at start; an upload leaves none behind", async ({ request }) => {
    await expect.poll(() => fs.existsSync(STALE_SPOOL), { message: `${STALE_SPOOL} should be removed when the server starts` }).toBe(false);
    await importThroughApi(request, { name: "housekeeping.json", body: JSON.stringify(exportOpenAI(generateSession({ seed: 5, messages: 20 }))), format: "openai" });
    await expect.poll(spools).toEqual([]);
  });
});
