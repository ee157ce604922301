import { describe, expect, it } from "vitest";
import { publicAddressOf, trustedProxySecret } from "./public-address";

const SECRET = "0123456789abcdef0123456789abcdef";
const request = (headers: Record<string, string>) => new Request("http://localhost:3000/api/sessions", { method: "POST", headers });

describe("the address a request was sent to: forwarded headers only from the trusted proxy", () => {
  it("ignores X-Forwarded-Host and X-Forwarded-Proto without LAB_TRUSTED_PROXY_SECRET", () => {
    expect(publicAddressOf(request({ host: "localhost:3000", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }), null)).toEqual({
      host: "localhost:3000",
      protocol: "http:",
      viaTrustedProxy: false,
    });
  });

  it.each([
    ["no proof", {}],
    ["a wrong secret", { "x-lab-proxy-secret": "0123456789abcdef0123456789abcdeX" }],
    ["a prefix of the secret", { "x-lab-proxy-secret": SECRET.slice(0, -1) }],
    ["an empty proof", { "x-lab-proxy-secret": "" }],
  ])("ignores them with the setting but %s", (_name, proof) => {
    const address = publicAddressOf(request({ host: "localhost:3000", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", ...proof }), SECRET);
    expect(address).toEqual({ host: "localhost:3000", protocol: "http:", viaTrustedProxy: false });
  });

  it("reads them (first value, lower case) from the trusted proxy", () => {
    const address = publicAddressOf(
      request({ host: "127.0.0.1:3000", "x-forwarded-host": "Lab.Example.org, inner.example", "x-forwarded-proto": "https,http", "x-lab-proxy-secret": SECRET }),
      SECRET,
    );
    expect(address).toEqual({ host: "lab.example.org", protocol: "https:", viaTrustedProxy: true });
    // a proxy that forwards no host keeps the Host header; anything but https is http
    expect(publicAddressOf(request({ host: "127.0.0.1:3000", "x-forwarded-proto": "ftp", "x-lab-proxy-secret": SECRET }), SECRET)).toEqual({
      host: "127.0.0.1:3000",
      protocol: "http:",
      viaTrustedProxy: true,
    });
  });

  it("reads the setting: unset or blank is off, a short secret is refused naming the variable", () => {
    expect(trustedProxySecret({})).toBeNull();
    expect(trustedProxySecret({ LAB_TRUSTED_PROXY_SECRET: "   " })).toBeNull();
    expect(trustedProxySecret({ LAB_TRUSTED_PROXY_SECRET: ` ${SECRET} ` })).toBe(SECRET);
    expect(() => trustedProxySecret({ LAB_TRUSTED_PROXY_SECRET: "short" })).toThrow(/LAB_TRUSTED_PROXY_SECRET must be a random string of at least 24 characters/);
  });
});
