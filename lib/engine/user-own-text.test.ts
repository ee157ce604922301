import { describe, expect, it } from "vitest";
import { echoedCommand, userOwnLines, userOwnText } from "./user-own-text";

describe("userOwnLines", () => {
  it("keeps the user's own line breaks, taking out what the agent injected", () => {
    const text = "Fix the parser:\n\n- keep the CLI flags\n- never touch the lockfile\n<system-reminder>\nYou MUST use the TodoWrite tool.\n</system-reminder>";
    expect(userOwnLines(text)).toBe("Fix the parser:\n\n- keep the CLI flags\n- never touch the lockfile");
    expect(userOwnText(text)).toBe("Fix the parser: - keep the CLI flags - never touch the lockfile");
  });

  it("keeps Copilot CLI's date before the request: when the user asked is a fact of the session", () => {
    const text = "<current_datetime>2026-06-25T03:50:44.763+02:00</current_datetime>\n\ninvestigate why the hook errored";
    expect(userOwnLines(text)).toBe(text);
  });

  it("returns text with nothing injected as it is, trimmed", () => {
    expect(userOwnLines("  why does <div> collapse?\n\n\n\nsee app.css  ")).toBe("why does <div> collapse?\n\n\n\nsee app.css");
  });

  it.each([
    ["a background task's notification", "<task-notification>\n<task-id>ac27727</task-id>\n<status>completed</status>\n<summary>Agent done</summary>\n</task-notification>", ""],
    ["a local command's output", "<local-command-stdout>(no content)</local-command-stdout>", ""],
  ])("takes out %s", (_, text, own) => {
    expect(userOwnLines(text)).toBe(own);
  });
});

describe("echoedCommand", () => {
  it("gives a slash command the agent echoed as the user typed it", () => {
    expect(echoedCommand("<command-message>orchestrator is running…</command-message>\n<command-name>/orchestrator</command-name>\n<command-args>create a TODO app</command-args>")).toBe(
      "/orchestrator create a TODO app",
    );
    expect(echoedCommand("plain text")).toBe("");
  });
});
