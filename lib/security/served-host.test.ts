import { describe, expect, it } from "vitest";
import { hostnameOf, servedHost } from "./served-host";
import { TRUSTED_PROXY_HEADER } from "./public-address";

const CONFIG = { publicUrl: "https://lab.example.com", trustedOrigins: ["http://lab-box:8080", "http://[fd00::5]:3000"] };
const PROXY_SECRET = "a-proxy-secret-of-at-least-24-chars";

function requestTo(host: string | null, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost:3000/api/sessions", { headers: host === null ? headers : { ...headers, host } });
}

describe("servedHost", () => {
  it.each([
    "localhost:3000",
    "localhost",
    "LOCALHOST:3000",
    "localhost.:3000",
    "app.localhost:3000",
    "127.0.0.1:3000",
    "127.1.2.3",
    "[::1]:3000",
    "[::1]",
    "192.168.1.20:3000",
    "lab.example.com",
    "lab.example.com:443",
    "lab-box:8080",
    "lab-box:3000",
    "[fd00::5]:3000",
  ])("serves %s", (host) => {
    expect(servedHost(requestTo(host), CONFIG)).toEqual({ served: true });
  });

  it.each(["evil.example:3000", "evil.example", "localhost.evil.example:3000", "lab.example.com.evil.example", "127.0.0.1.nip.io:3000", "evil.example:3000@localhost", "lab example"])(
    "refuses %j, naming it",
    (host) => {
      const verdict = servedHost(requestTo(host), CONFIG);
      expect(verdict.served).toBe(false);
      if (!verdict.served) expect(verdict.message).toContain(JSON.stringify(host));
    },
  );

  it("serves a request without a Host (not from a browser)", () => {
    expect(servedHost(requestTo(null), CONFIG)).toEqual({ served: true });
  });

  it("serves the trusted proxy's forwarded host, and only with its secret", () => {
    const previous = process.env.LAB_TRUSTED_PROXY_SECRET;
    process.env.LAB_TRUSTED_PROXY_SECRET = PROXY_SECRET;
    try {
      const forwarded = { "x-forwarded-host": "lab.team.internal" };
      expect(servedHost(requestTo("10.0.0.2:3000", { ...forwarded, [TRUSTED_PROXY_HEADER]: PROXY_SECRET }), CONFIG)).toEqual({ served: true });
      expect(servedHost(requestTo("evil.example:3000", { ...forwarded, [TRUSTED_PROXY_HEADER]: "wrong-secret-of-enough-length" }), CONFIG).served).toBe(false);
    } finally {
      if (previous === undefined) delete process.env.LAB_TRUSTED_PROXY_SECRET;
      else process.env.LAB_TRUSTED_PROXY_SECRET = previous;
    }
  });
});

describe("hostnameOf", () => {
  it.each([
    ["LocalHost:3000", "localhost"],
    ["[::1]:3000", "::1"],
    ["lab.example.com.", "lab.example.com"],
    ["user@host", null],
    ["host/path", null],
    ["host:port", null],
  ])("%j → %j", (host, expected) => {
    expect(hostnameOf(host)).toBe(expected);
  });
});
