import { describe, expect, it } from "vitest";
import { apiErrorFromResponse, toApiErrorBody } from "./api-request-error";

describe("apiErrorFromResponse", () => {
  it("keeps an ApiError body exactly as the API sent it", () => {
    const body = {
      error: {
        code: "broken_lines",
        message: "1 of 3 JSON lines do not parse (line 3)",
        format: null,
        issues: [{ line: 3, message: "Unterminated string" }],
        totalIssues: 1,
      },
    };
    const error = apiErrorFromResponse(400, JSON.stringify(body));
    expect(error.status).toBe(400);
    expect(error.body).toEqual(body.error);
    expect(error.message).toBe(body.error.message);
  });

  it.each([
    ["an HTML error page", 502, "<html>Bad gateway</html>", "http_502", /502: <html>Bad gateway/],
    ["an empty body", 500, "", "http_500", /500 with no body/],
    ["JSON that is not an ApiError", 413, '{"detail":"too big"}', "http_413", /413/],
  ])("synthesizes a body for %s", (_name, status, text, code, message) => {
    const error = apiErrorFromResponse(status, text);
    expect(error.body.code).toBe(code);
    expect(error.body.message).toMatch(message);
  });
});

describe("toApiErrorBody", () => {
  it("wraps a plain Error", () => {
    expect(toApiErrorBody(new Error("boom"))).toEqual({ code: "client", message: "boom" });
  });
});
