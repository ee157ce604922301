import { afterEach } from "vitest";
import { startFakeAnthropicServer, type FakeAnthropicServer, type FakeAnthropicServerOptions } from "./fake-llm/fake-anthropic-server";
import { startFakeOpenAIServer, type FakeOpenAIServer, type FakeOpenAIServerOptions } from "./fake-llm/fake-openai-server";

export interface FakeModelServers {
  /** starts the project's fake Anthropic API on an ephemeral port; closed after the test */
  startAnthropic(options?: FakeAnthropicServerOptions): Promise<FakeAnthropicServer>;
  /** starts the project's fake OpenAI-compatible API on an ephemeral port; closed after the test */
  startOpenAI(options?: FakeOpenAIServerOptions): Promise<FakeOpenAIServer>;
  /** the fake Anthropic server this test started last (throws when it started none) */
  readonly anthropic: FakeAnthropicServer;
  /** the fake OpenAI server this test started last (throws when it started none) */
  readonly openai: FakeOpenAIServer;
}

/**
 * The fake model servers of one test file: a test starts the ones it needs (with the behaviour it needs), and every
 * server started during a test — not only the last of each kind — is closed after it, so none outlives its test.
 */
export function useFakeModelServers(): FakeModelServers {
  const started: { close(): Promise<void> }[] = [];
  let anthropic: FakeAnthropicServer | undefined;
  let openai: FakeOpenAIServer | undefined;
  afterEach(async () => {
    const closing = started.splice(0);
    anthropic = undefined;
    openai = undefined;
    await Promise.all(closing.map((server) => server.close()));
  });
  return {
    async startAnthropic(options) {
      const server = await startFakeAnthropicServer(options);
      started.push(server);
      anthropic = server;
      return server;
    },
    async startOpenAI(options) {
      const server = await startFakeOpenAIServer(options);
      started.push(server);
      openai = server;
      return server;
    },
    get anthropic() {
      if (!anthropic) throw new Error("no fake Anthropic server was started in this test");
      return anthropic;
    },
    get openai() {
      if (!openai) throw new Error("no fake OpenAI server was started in this test");
      return openai;
    },
  };
}
