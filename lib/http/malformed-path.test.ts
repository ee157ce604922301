import { describe, expect, it } from "vitest";
import { ApiErrorSchema } from "../api/contracts/schemas";
import { isMalformedPath, malformedPathResponse } from "./malformed-path";

describe("isMalformedPath", () => {
  it.each(["/api/sessions/%E0%A4%A", "/api/sessions/%", "/sessions/%zz", "/api/runs/%C3", "/api/sessions/abc%ED%A0%80"])("%s does not decode", (path) => {
    expect(isMalformedPath(path)).toBe(true);
  });

  it.each(["/api/sessions/abc", "/api/sessions/%C3%A9", "/sessions/a%20b", "/api/sessions/abc%00def", "/"])("%s decodes", (path) => {
    expect(isMalformedPath(path)).toBe(false);
  });

  it("answers the usual JSON error with 400 invalid_path", async () => {
    const response = malformedPathResponse("/api/sessions/%E0%A4%A");
    expect(response.status).toBe(400);
    const { error } = ApiErrorSchema.parse(await response.json());
    expect(error.code).toBe("invalid_path");
    expect(error.message).toContain("%E0%A4%A");
  });
});
