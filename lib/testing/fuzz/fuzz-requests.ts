import { ApiErrorSchema } from "../../api/contracts/schemas";
import { createRandom, type Random } from "../../generator/create-random";

/** A route handler as a route file exports it (the handle() wrapper's signature). */
export type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** One route to fuzz: where it lives, the handler, and the query parameters it reads (with a good value each). */
export interface FuzzRoute {
  /** e.g. `GET /api/sessions/[id]/messages` */
  name: string;
  method: "GET" | "POST" | "DELETE";
  /** the path with `[param]` placeholders */
  path: string;
  handler: RouteHandler;
  /** query parameters the route reads, each with a value it accepts */
  query?: Record<string, string>;
  /** a JSON body it accepts (POST) */
  body?: unknown;
}

export type RequestMutation = "path-id" | "query" | "multipart" | "json-body";

/** What a request fuzz run saw. */
export interface RequestFuzzFigures {
  requests: number;
  byStatus: Record<string, number>;
  byMutation: Partial<Record<RequestMutation, number>>;
  /** every 5xx, and every 4xx whose body is not the usual JSON error, with what was sent */
  failures: { mutation: RequestMutation; route: string; sent: string; status: number; body: string }[];
}

const ORIGIN = "http://localhost:3000";

/**
 * Path ids no record has: a NUL and other control characters (PostgreSQL refuses NUL in text), numbers past a
 * 32-bit column, SQL and path tricks, very long, unicode, empty-ish.
 */
const NASTY_IDS = [
  "\u0000",
  "a\u0000b",
  "\u0001\u001f",
  "2147483648",
  "-1",
  "99999999999999999999999999",
  "' OR 1=1 --",
  "../../etc/passwd",
  "%",
  "%E0%A4%A",
  "null",
  "undefined",
  " ",
  "é🙂漢字",
  "\uffff\ud800",
  "x".repeat(300),
  "x".repeat(20_000),
];

/** Query values a parser trips on: beyond int4, negative, not numbers, NUL, blank, exponent, hex, huge. */
const NASTY_QUERY_VALUES = [
  "2147483648",
  "2147483647",
  "4294967296",
  "9223372036854775808",
  "1e309",
  "-1",
  "-0",
  "1.5",
  "NaN",
  "Infinity",
  "0x10",
  " 1",
  "",
  "\u0000",
  "1\u0000",
  "é🙂",
  "final",
  "a,b,,c",
  ",".repeat(500),
  "9".repeat(400),
];

/**
 * Posts `count` malformed requests to the routes given, on the real handlers: path ids (`path-id`, on routes with a
 * parameter), query parameters (`query`), multipart bodies — junk, cut, with a wrong or missing boundary
 * (`multipart`, on the upload route) — and JSON bodies with values of the wrong kind (`json-body`). Every answer must
 * be below 500, and every 4xx the usual JSON error (`{ error: { code, message } }`). Deterministic for a seed.
 */
export async function fuzzRequests(options: { routes: readonly FuzzRoute[]; uploadRoute: FuzzRoute; idsFor: (route: FuzzRoute) => Record<string, string>; count: number; seed: number }): Promise<RequestFuzzFigures> {
  const random = createRandom(options.seed);
  const figures: RequestFuzzFigures = { requests: 0, byStatus: {}, byMutation: {}, failures: [] };
  for (let index = 0; index < options.count; index++) {
    const mutation = random.pick<RequestMutation>(["path-id", "query", "multipart", "json-body"]);
    const { route, request, params, sent } = buildRequest(mutation, options, random);
    const response = await route.handler(request, { params: Promise.resolve(params) });
    const body = await response.text();
    figures.requests++;
    figures.byStatus[response.status] = (figures.byStatus[response.status] ?? 0) + 1;
    figures.byMutation[mutation] = (figures.byMutation[mutation] ?? 0) + 1;
    const usualError = response.status < 400 || ApiErrorSchema.safeParse(parseJson(body)).success;
    if (response.status >= 500 || !usualError) figures.failures.push({ mutation, route: route.name, sent, status: response.status, body: body.slice(0, 400) });
  }
  return figures;
}

function buildRequest(
  mutation: RequestMutation,
  options: { routes: readonly FuzzRoute[]; uploadRoute: FuzzRoute; idsFor: (route: FuzzRoute) => Record<string, string> },
  random: Random,
): { route: FuzzRoute; request: Request; params: Record<string, string>; sent: string } {
  if (mutation === "multipart") {
    const { body, contentType, sent } = nastyMultipart(random);
    const route = options.uploadRoute;
    return { route, params: {}, sent, request: new Request(`${ORIGIN}${route.path}`, { method: "POST", body, headers: { "content-type": contentType, origin: ORIGIN } }) };
  }
  const candidates = mutation === "path-id" ? options.routes.filter((route) => route.path.includes("[")) : mutation === "query" ? options.routes.filter((route) => route.query) : options.routes.filter((route) => route.body !== undefined);
  const route = random.pick(candidates);
  const ids = options.idsFor(route);
  const params = Object.fromEntries([...route.path.matchAll(/\[(\w+)\]/g)].map(([, name]) => [name, ids[name] ?? "missing"]));
  let sent = "";
  if (mutation === "path-id") {
    const name = random.pick(Object.keys(params));
    params[name] = random.pick(NASTY_IDS);
    sent = `${name}=${JSON.stringify(params[name].slice(0, 40))}`;
  }
  const query = new URLSearchParams(route.query ?? {});
  if (mutation === "query") {
    const name = random.pick(Object.keys(route.query!));
    query.set(name, random.pick(NASTY_QUERY_VALUES));
    if (random.chance(0.3)) query.append(name, random.pick(NASTY_QUERY_VALUES)); // a parameter given twice
    sent = `?${query.toString().slice(0, 80)}`;
  }
  let body: string | undefined;
  if (route.method === "POST") body = JSON.stringify(mutation === "json-body" ? mutateJson(route.body ?? {}, random) : (route.body ?? {}));
  if (mutation === "json-body") sent = (body ?? "").slice(0, 120);
  // the handler reads the (decoded) params; the URL carries them encoded, a lone surrogate as U+FFFD
  const path = route.path.replace(/\[(\w+)\]/g, (_, name: string) => encodeURIComponent(params[name].replace(/[\ud800-\udfff]/g, "\ufffd")));
  const url = `${ORIGIN}${path}${query.size > 0 ? `?${query}` : ""}`;
  const headers: Record<string, string> = { origin: ORIGIN, ...(body !== undefined ? { "content-type": "application/json" } : {}) };
  return { route, params, sent, request: new Request(url, { method: route.method, headers, ...(body !== undefined ? { body } : {}) }) };
}

/** A JSON body with one field replaced by a value of another kind (or the whole body by one). */
function mutateJson(body: unknown, random: Random): unknown {
  const odd = random.pick<unknown>([null, -1, 2 ** 31, 2 ** 63, 1.5, "\u0000", "x".repeat(10_000), [], {}, true, "é🙂", { $gt: "" }]);
  if (body === null || typeof body !== "object" || Array.isArray(body) || random.chance(0.15)) return odd;
  const keys = Object.keys(body);
  if (keys.length === 0) return { [random.pick(["strategy", "settings", "id", "\u0000"])]: odd };
  return { ...body, [random.pick(keys)]: odd };
}

/** A multipart body the parser must refuse cleanly: junk, a form cut short, a wrong or missing boundary. */
function nastyMultipart(random: Random): { body: Uint8Array<ArrayBuffer>; contentType: string; sent: string } {
  const boundary = `----fuzz${random.token(12)}`;
  const file = `[{"role":"user","content":"hello"},{"role":"assistant","content":"hi"}]`;
  const whole = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="chat.json"\r\nContent-Type: application/json\r\n\r\n${file}\r\n--${boundary}--\r\n`;
  const kind = random.pick(["junk", "cut", "wrong-boundary", "no-boundary", "no-closing", "bad-headers", "empty"] as const);
  const junk = () => Uint8Array.from({ length: random.int(1, 2_000) }, () => random.int(0, 255));
  const encode = (text: string) => new TextEncoder().encode(text);
  switch (kind) {
    case "junk":
      return { body: junk(), contentType: `multipart/form-data; boundary=${boundary}`, sent: "multipart: random bytes" };
    case "cut":
      return { body: encode(whole.slice(0, random.int(1, whole.length - 10))), contentType: `multipart/form-data; boundary=${boundary}`, sent: "multipart: cut short" };
    case "wrong-boundary":
      return { body: encode(whole), contentType: `multipart/form-data; boundary=other${boundary}`, sent: "multipart: another boundary" };
    case "no-boundary":
      return { body: encode(whole), contentType: "multipart/form-data", sent: "multipart: no boundary" };
    case "no-closing":
      return { body: encode(whole.replace(`--${boundary}--\r\n`, "")), contentType: `multipart/form-data; boundary=${boundary}`, sent: "multipart: no closing boundary" };
    case "bad-headers":
      return { body: encode(whole.replace('Content-Disposition: form-data; name="file"; filename="chat.json"', "Content-Disposition: \u0000junk")), contentType: `multipart/form-data; boundary=${boundary}`, sent: "multipart: junk part headers" };
    case "empty":
      return { body: new Uint8Array(0), contentType: `multipart/form-data; boundary=${boundary}`, sent: "multipart: empty" };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
