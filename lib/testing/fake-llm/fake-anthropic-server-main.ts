import { FAKE_BEHAVIOURS, startFakeAnthropicServer, type FakeBehaviour } from "./fake-anthropic-server";
import { serveFakeUntilSignal } from "./serve-fake-until-signal";

/**
 * `npm run fake-llm`: the fake Anthropic server on a fixed port (FAKE_LLM_PORT, default 4010), for the UI, the CLI
 * and e2e runs. FAKE_LLM_BEHAVIOUR sets the default behaviour; a request can still pick its own (header
 * `x-fake-behaviour` or a model named `fake-<behaviour>`). Logs one line per request, credentials redacted.
 */
const DEFAULT_FAKE_LLM_PORT = 4010;

const port = Number(process.env.FAKE_LLM_PORT ?? DEFAULT_FAKE_LLM_PORT);
const behaviour = (process.env.FAKE_LLM_BEHAVIOUR ?? "summary") as FakeBehaviour;
if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`FAKE_LLM_PORT must be a port number, got "${process.env.FAKE_LLM_PORT}"`);
if (!FAKE_BEHAVIOURS.includes(behaviour)) throw new Error(`FAKE_LLM_BEHAVIOUR must be one of ${FAKE_BEHAVIOURS.join(", ")}`);

const server = await startFakeAnthropicServer({ port, behaviour });
console.log(`fake Anthropic Messages API listening on ${server.url} (default behaviour: ${behaviour})`);
console.log(`use it with: ANTHROPIC_BASE_URL=${server.url} ANTHROPIC_API_KEY=any-test-key`);
console.log(`per request: header x-fake-behaviour: <${FAKE_BEHAVIOURS.join("|")}>, or model "fake-<behaviour>"`);

serveFakeUntilSignal(server);
