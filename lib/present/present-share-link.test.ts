import { describe, expect, it } from "vitest";
import { CreatedShareLinkSchema, ShareLinkSummarySchema } from "../api/contracts/share-schemas";
import type { ShareLinkRecord } from "../store/share-link-record";
import { presentCreatedShareLink, presentShareLink, presentShareLinkSummary } from "./present-share-link";

const LINK: ShareLinkRecord = {
  id: "l1",
  kind: "comparison",
  sessionId: "s1",
  runId: null,
  runIds: ["r1", "r2"],
  label: "demo",
  unredactedSecrets: 0,
  createdAt: new Date("2026-11-25T14:00:00.000Z"),
  revokedAt: null,
};
const LINK_JSON = '{"id":"l1","kind":"comparison","sessionId":"s1","runId":null,"runIds":["r1","r2"],"label":"demo","createdAt":"2026-11-25T14:00:00.000Z","revokedAt":null,"unredactedSecrets":0}';

describe("share-link presenters (the wire format the API has always sent)", () => {
  it("a link, a revoked link, a listed link and a created one (with its path)", () => {
    expect(JSON.stringify(presentShareLink(LINK))).toBe(LINK_JSON);
    expect(presentShareLink({ ...LINK, revokedAt: new Date("2026-11-26T00:00:00.000Z") }).revokedAt).toBe("2026-11-26T00:00:00.000Z");
    const listed = presentShareLinkSummary({ ...LINK, sessionTitle: "A session", runs: [{ id: "r1", strategyId: "pi" }, { id: "r2", strategyId: null }] });
    expect(JSON.stringify(listed)).toBe(`${LINK_JSON.slice(0, -1)},"sessionTitle":"A session","runs":[{"id":"r1","strategyId":"pi"},{"id":"r2","strategyId":null}]}`);
    expect(ShareLinkSummarySchema.parse(listed)).toEqual(listed);
    const created = presentCreatedShareLink({ link: LINK, token: "t0ken" });
    expect(JSON.stringify(created)).toBe(`{"link":${LINK_JSON},"token":"t0ken","path":"/share/t0ken"}`);
    expect(CreatedShareLinkSchema.parse(created)).toEqual(created);
  });
});
