import { describe, expect, it } from "vitest";
import { ACCESS_COOKIE, accessCookieValue, configuredAccessToken, hasAccess, isAccessToken } from "./access-token";

const TOKEN = "team-token-1234567890";
const withHeaders = (headers: Record<string, string>) => ({ headers: new Headers(headers) });

describe("access token (team mode)", () => {
  it("is off without LAB_ACCESS_TOKEN (blank counts as unset)", () => {
    expect(configuredAccessToken({})).toBeNull();
    expect(configuredAccessToken({ LAB_ACCESS_TOKEN: "  " })).toBeNull();
    expect(configuredAccessToken({ LAB_ACCESS_TOKEN: TOKEN })).toBe(TOKEN);
  });

  it("accepts the right token only", async () => {
    expect(await isAccessToken(TOKEN, TOKEN)).toBe(true);
    expect(await isAccessToken(`${TOKEN}x`, TOKEN)).toBe(false);
    expect(await isAccessToken("", TOKEN)).toBe(false);
  });

  it("the cookie holds an HMAC of the token, not the token, and changes with it", async () => {
    const value = await accessCookieValue(TOKEN);
    expect(value).toMatch(/^[0-9a-f]{64}$/);
    expect(value).not.toContain(TOKEN);
    expect(await accessCookieValue("another-token")).not.toBe(value);
  });

  it("a request has access by Bearer token or by the signed-in cookie, not by anything else", async () => {
    expect(await hasAccess(withHeaders({ authorization: `Bearer ${TOKEN}` }), TOKEN)).toBe(true);
    expect(await hasAccess(withHeaders({ authorization: "Bearer wrong" }), TOKEN)).toBe(false);
    expect(await hasAccess(withHeaders({ cookie: `other=1; ${ACCESS_COOKIE}=${await accessCookieValue(TOKEN)}` }), TOKEN)).toBe(true);
    expect(await hasAccess(withHeaders({ cookie: `${ACCESS_COOKIE}=${TOKEN}` }), TOKEN)).toBe(false);
    expect(await hasAccess(withHeaders({}), TOKEN)).toBe(false);
  });
});
