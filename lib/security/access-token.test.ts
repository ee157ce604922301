import { describe, expect, it } from "vitest";
import { ACCESS_COOKIE, accessCookieOf, bearerToken, configuredAccessToken, isAccessToken, timingSafeEqualHex } from "./access-token";

const TOKEN = "team-token-1234567890";

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

  it.each([
    [{ authorization: `Bearer ${TOKEN}` }, TOKEN],
    [{ authorization: `bearer   ${TOKEN} ` }, TOKEN],
    [{ authorization: "Basic abc" }, null],
    [{ authorization: "Bearer " }, null],
    [{}, null],
  ])("reads the Bearer token of %j", (headers, expected) => {
    expect(bearerToken(new Headers(headers as Record<string, string>))).toBe(expected);
  });

  it("finds the sign-in cookie among others (values may hold '='), and nothing else", () => {
    expect(accessCookieOf(new Headers({ cookie: `other=1; ${ACCESS_COOKIE}=a.b=c; last=2` }))).toBe("a.b=c");
    expect(accessCookieOf(new Headers({ cookie: `x${ACCESS_COOKIE}=1` }))).toBeNull();
    expect(accessCookieOf(new Headers({}))).toBeNull();
  });

  it("compares digests of equal length only", () => {
    expect(timingSafeEqualHex("ab12", "ab12")).toBe(true);
    expect(timingSafeEqualHex("ab12", "ab13")).toBe(false);
    expect(timingSafeEqualHex("ab12", "ab1")).toBe(false);
  });
});
