import { afterEach, describe, expect, it } from "vitest";
import { startFakeOpenAIServer, type FakeOpenAIServer } from "../testing/fake-llm/fake-openai-server";
import { listSummarizers } from "./list-summarizers";

const NAMES = ["OPENAI_API_KEY", "OPENAI_BASE_URL", "LAB_OPENAI_ENDPOINTS", "ANTHROPIC_API_KEY"] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
const servers: FakeOpenAIServer[] = [];
afterEach(async () => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe("listSummarizers", () => {
  it("lists every configured endpoint with the models its GET /v1/models answers, and never a key", async () => {
    const first = await startFakeOpenAIServer({ expectedApiKey: "sk-server-key-abcdef", models: ["m-b", "m-a"] });
    // the extra endpoint accepts only the placeholder: had it been sent the server's key, it would answer 401, not 404
    const local = await startFakeOpenAIServer({ listModels: false, expectedApiKey: "no-key" });
    servers.push(first, local);
    process.env.OPENAI_BASE_URL = first.url;
    process.env.OPENAI_API_KEY = "sk-server-key-abcdef";
    process.env.LAB_OPENAI_ENDPOINTS = `${local.url}, ${first.url}`;
    delete process.env.ANTHROPIC_API_KEY;
    const { summarizers } = await listSummarizers(1);
    expect(summarizers.map((entry) => [entry.provider, entry.baseUrl, entry.configured])).toEqual([
      ["extractive", null, true],
      ["anthropic", null, false],
      ["openai", first.url, true],
      ["openai", local.url, true],
    ]);
    expect(summarizers[2]).toMatchObject({ models: ["m-a", "m-b"], modelsError: null, defaultModel: "m-a" });
    expect(summarizers[3].models).toEqual([]);
    expect(summarizers[3].modelsError).toContain("404");
    expect(JSON.stringify(summarizers)).not.toContain("sk-server-key");
  });
});
