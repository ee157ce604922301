import { readEnv, type RawEnv } from "../env/read-env";
/**
 * Where an OpenAI-compatible call goes and with which key. One place decides it, so the rules hold for the
 * summarizer, the judge, the model list and the provider's compaction alike:
 *
 * - the server's endpoint is OPENAI_BASE_URL (default OpenAI's own, {@link OPENAI_DEFAULT_BASE_URL}) with
 *   OPENAI_API_KEY; LAB_OPENAI_ENDPOINTS lists further endpoints the server may call (comma-separated base URLs:
 *   a local vLLM, Ollama or LM Studio, OpenRouter, Azure OpenAI's v1 API `https://<resource>.openai.azure.com/openai/v1`);
 * - a request may name one of those endpoints (`baseUrl`), never another one unless its caller is trusted (the
 *   CLI): a web request cannot make the server send transcripts, or the server's key, anywhere it chose;
 * - the server's key goes only to the server's own endpoint; another endpoint gets the request's key, or none;
 * - an endpoint that needs no key (a local server) is sent the placeholder {@link NO_KEY}, because the SDK insists on one.
 */
export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
/** What a keyless endpoint is sent as its key (Ollama's and LM Studio's docs use any non-empty string). */
export const NO_KEY = "no-key";

export interface OpenAIEndpoint {
  /** normalised: no trailing slash, no credentials in it */
  baseURL: string;
  /** the key to send (the request's, the server's, or {@link NO_KEY}); kept in closures only */
  apiKey: string;
  /** true when a real key was found (request or server), false for {@link NO_KEY} */
  hasKey: boolean;
}

export class OpenAIEndpointError extends Error {
  constructor(
    readonly code: "missing_api_key" | "endpoint_not_allowed" | "invalid_base_url",
    message: string,
  ) {
    super(message);
    this.name = "OpenAIEndpointError";
  }
}

/** A base URL without trailing slashes; rejects what is not http(s) or carries credentials in it. */
export function normaliseBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new OpenAIEndpointError("invalid_base_url", `baseUrl ${JSON.stringify(value.slice(0, 200))} is not a URL (e.g. http://127.0.0.1:11434/v1)`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OpenAIEndpointError("invalid_base_url", `baseUrl must be http or https, got ${url.protocol}`);
  if (url.username || url.password) throw new OpenAIEndpointError("invalid_base_url", "baseUrl must not carry credentials; pass the key as apiKey");
  url.search = "";
  url.hash = "";
  return url.toString().replace(/\/+$/, "");
}

/** The server's own endpoint: OPENAI_BASE_URL, else OpenAI's. */
export function serverOpenAIBaseUrl(env: RawEnv = process.env): string {
  return normaliseBaseUrl(readEnv(env).OPENAI_BASE_URL ?? OPENAI_DEFAULT_BASE_URL);
}

/** Every endpoint the server may call: its own first, then LAB_OPENAI_ENDPOINTS in order, without repeats. */
export function configuredOpenAIBaseUrls(env: RawEnv = process.env): string[] {
  const extra = readEnv(env).LAB_OPENAI_ENDPOINTS.map(normaliseBaseUrl);
  return [...new Set([serverOpenAIBaseUrl(env), ...extra])];
}

/**
 * The endpoint and key for one call. `trusted` (the CLI, run by the machine's own user) may name any base URL;
 * otherwise a base URL must be configured. A call to OpenAI's own API without any key fails here, before a request.
 */
export function resolveOpenAIEndpoint(options: { baseUrl?: string | null; apiKey?: string; trusted?: boolean; env?: RawEnv }): OpenAIEndpoint {
  const env = options.env ?? process.env;
  const server = serverOpenAIBaseUrl(env);
  const baseURL = options.baseUrl ? normaliseBaseUrl(options.baseUrl) : server;
  if (!options.trusted && !configuredOpenAIBaseUrls(env).includes(baseURL)) {
    throw new OpenAIEndpointError("endpoint_not_allowed", `baseUrl ${baseURL} is not an endpoint this server is configured for (OPENAI_BASE_URL, LAB_OPENAI_ENDPOINTS)`);
  }
  const key = options.apiKey || (baseURL === server ? readEnv(env).OPENAI_API_KEY : undefined);
  if (key) return { baseURL, apiKey: key, hasKey: true };
  if (new URL(baseURL).hostname === new URL(OPENAI_DEFAULT_BASE_URL).hostname) {
    throw new OpenAIEndpointError("missing_api_key", "the openai summarizer needs an API key for api.openai.com: set OPENAI_API_KEY on the server or pass apiKey with the run");
  }
  return { baseURL, apiKey: NO_KEY, hasKey: false };
}
