import { describe, expect, it } from "vitest";
import { generateSession } from "../generator/generate-session";
import { PARSE_SLICE_MESSAGES, parseStoredMessages } from "./parse-stored-messages";

describe("parseStoredMessages", () => {
  const session = generateSession({ seed: 9, messages: 3 * PARSE_SLICE_MESSAGES + 7 });
  const rows = session.messages.map((message, seq) => ({ seq, data: JSON.parse(JSON.stringify(message)) as unknown }));

  it("parses every row, in order, to the stored messages", async () => {
    expect(await parseStoredMessages(rows, "s1")).toEqual(JSON.parse(JSON.stringify(session.messages)));
  });

  it("lets timers run between slices (a worker's heartbeat is not held behind a large session's parse)", async () => {
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    // a timer due before the parse starts runs at the parse's first yield, not after it: count turns during it only
    await new Promise((resolve) => setImmediate(resolve));
    turns = 0;
    await parseStoredMessages(rows, "s1");
    clearInterval(ticker);
    expect(turns).toBeGreaterThanOrEqual(1);
  });

  it("names the session and seq of a row that does not match the model", async () => {
    await expect(parseStoredMessages([...rows.slice(0, 3), { seq: 3, data: { role: "nobody" } }], "s1")).rejects.toThrow(/s1.*3|3.*s1/);
  });
});
