import { FAKE_BEHAVIOURS, type FakeBehaviour } from "./fake-anthropic-server";
import { startFakeOpenAIServer } from "./fake-openai-server";
import { serveFakeUntilSignal } from "./serve-fake-until-signal";

/**
 * `npm run fake-openai`: the fake OpenAI-compatible server on a fixed port (FAKE_OPENAI_PORT, default 4011), for the
 * UI, the CLI and e2e runs. FAKE_LLM_BEHAVIOUR sets the default behaviour; a request can still pick its own (header
 * `x-fake-behaviour` or a model named `fake-<behaviour>`). Logs one line per request, credentials redacted.
 */
const DEFAULT_FAKE_OPENAI_PORT = 4011;

const port = Number(process.env.FAKE_OPENAI_PORT ?? DEFAULT_FAKE_OPENAI_PORT);
const behaviour = (process.env.FAKE_LLM_BEHAVIOUR ?? "summary") as FakeBehaviour;
if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`FAKE_OPENAI_PORT must be a port number, got "${process.env.FAKE_OPENAI_PORT}"`);
if (!FAKE_BEHAVIOURS.includes(behaviour)) throw new Error(`FAKE_LLM_BEHAVIOUR must be one of ${FAKE_BEHAVIOURS.join(", ")}`);

const server = await startFakeOpenAIServer({ port, behaviour });
console.log(`fake OpenAI-compatible API listening on ${server.url} (default behaviour: ${behaviour})`);
console.log(`use it with: OPENAI_BASE_URL=${server.url} OPENAI_API_KEY=any-test-key`);

serveFakeUntilSignal(server);
