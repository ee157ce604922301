import { describe, expect, it } from "vitest";
import { sessionCookieValue, sessionIdOfCookie } from "./session-cookie";

const TOKEN = "team-token-1234567890";
const ID = "A".repeat(20) + "b-_" + "9".repeat(20); // 43 base64url characters, as the store makes them

describe("the sign-in cookie: id.HMAC(token, id)", () => {
  it("carries the session id and an HMAC that is neither the token nor anything from it alone", async () => {
    const value = await sessionCookieValue(TOKEN, ID);
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}\.[0-9a-f]{64}$/);
    expect(value.startsWith(`${ID}.`)).toBe(true);
    expect(value).not.toContain(TOKEN);
    expect(await sessionIdOfCookie(value, TOKEN)).toBe(ID);
  });

  it("a different id gives a different HMAC, so an id cannot be swapped into another cookie", async () => {
    const other = "B".repeat(43);
    const [, macOfId] = (await sessionCookieValue(TOKEN, ID)).split(".");
    const [, macOfOther] = (await sessionCookieValue(TOKEN, other)).split(".");
    expect(macOfId).not.toBe(macOfOther);
    expect(await sessionIdOfCookie(`${other}.${macOfId}`, TOKEN)).toBeNull();
  });

  it("fails under another token: changing LAB_ACCESS_TOKEN ends every session", async () => {
    const value = await sessionCookieValue(TOKEN, ID);
    expect(await sessionIdOfCookie(value, "another-token-0987654321")).toBeNull();
  });

  it.each([
    ["nothing", null],
    ["empty", ""],
    ["the id alone (what the database holds)", ID],
    ["a flipped HMAC digit", "FLIP"],
    ["an upper-case HMAC", "UPPER"],
    ["a short id", `${ID.slice(1)}.${"0".repeat(64)}`],
    ["an id with other characters", `${ID.slice(1)}=.${"0".repeat(64)}`],
    ["a trailing part", "TRAIL"],
    ["the old fixed-HMAC cookie (64 hex digits)", "f".repeat(64)],
  ])("refuses %s", async (_name, value) => {
    const good = await sessionCookieValue(TOKEN, ID);
    const mac = good.split(".")[1];
    const flipped = `${ID}.${mac.slice(0, -1)}${mac.endsWith("0") ? "1" : "0"}`;
    const candidate = value === "FLIP" ? flipped : value === "UPPER" ? `${ID}.${mac.toUpperCase()}` : value === "TRAIL" ? `${good}.x` : value;
    expect(await sessionIdOfCookie(candidate, TOKEN)).toBeNull();
  });
});
