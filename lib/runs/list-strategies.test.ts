import { afterEach, describe, expect, it } from "vitest";
import { listStrategies } from "./list-strategies";

const NAMES = ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL", "LAB_OPENAI_ENDPOINTS"] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const byId = () => new Map(listStrategies().strategies.map((strategy) => [strategy.id, strategy]));

describe("listStrategies and the providers' compaction", () => {
  it("without a server key for a provider, its strategy is listed as needing one (and the lab's strategies are not)", () => {
    for (const name of NAMES) delete process.env[name];
    const strategies = byId();
    expect(strategies.get("anthropic-compaction")).toMatchObject({ provider: "anthropic", unavailable: expect.stringMatching(/^needs a key: ANTHROPIC_API_KEY/), opaque: false });
    expect(strategies.get("openai-compaction")).toMatchObject({ provider: "openai", unavailable: expect.stringMatching(/^needs a key: OPENAI_API_KEY/), opaque: true });
    expect(strategies.get("pi")).toMatchObject({ provider: null, unavailable: null, opaque: false });
  });

  it("with the keys on the server both are runnable; a keyless local endpoint does not count as an OpenAI key; no key is ever listed", () => {
    process.env.ANTHROPIC_API_KEY = "sk-ant-server-key-0123456789";
    process.env.OPENAI_BASE_URL = "http://127.0.0.1:11434/v1";
    delete process.env.OPENAI_API_KEY;
    expect(byId().get("openai-compaction")?.unavailable).toMatch(/needs a key/);
    process.env.OPENAI_API_KEY = "sk-openai-server-key-0123456789";
    const strategies = byId();
    expect(strategies.get("anthropic-compaction")?.unavailable).toBeNull();
    expect(strategies.get("openai-compaction")?.unavailable).toBeNull();
    const text = JSON.stringify(listStrategies());
    expect(text).not.toContain("sk-ant-server-key");
    expect(text).not.toContain("sk-openai-server-key");
  });
});
