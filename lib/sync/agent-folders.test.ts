import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, expect, it } from "vitest";
import { describeWithShared } from "../testing/describe-with-shared";
import { sharedLines } from "../testing/agent-home";
import { sharedTranscript } from "../testing/shared-transcripts";
import { importTranscript, importTranscriptBytes } from "../transcripts";
import { agentFolders } from "./agent-folders";

const recordingIdOf = (file: string) => JSON.parse(fs.readFileSync(file, "utf8").split("\n")[0]).sessionId;

const FIXTURES = path.join(import.meta.dirname, "../transcripts/fixtures");
const OPENCODE_FIXTURE = path.join(FIXTURES, "opencode-auto-compaction.json");

describeWithShared("the agents' session folders", () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "lab-agent-folders-"));
  afterAll(() => fs.rmSync(home, { recursive: true, force: true }));
  const write = (relative: string, text: string) => {
    const file = path.join(home, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return file;
  };

  it("finds Gemini CLI, openclaw, opencode, Goose and Roo Code sessions with their ids and projects, and nothing else", async () => {
    const gemini = write(".gemini/tmp/7e8989f71805/chats/session-2026-01-10T02-08-faff42ab.json", fs.readFileSync(sharedTranscript("gemini-cli/entire-cli__12cbfeaa512b.json"), "utf8"));
    write(".gemini/tmp/7e8989f71805/logs.json", "[]"); // not a chat
    const recording = JSON.parse(fs.readFileSync(sharedTranscript("gemini-cli/entire-cli__9c53780d06b7.json"), "utf8"));
    const { messages: recorded, ...metadata } = recording;
    const geminiLines = write(
      `.gemini/tmp/7e8989f71805/chats/${recording.sessionId}/subagent-1.jsonl`,
      `${[{ ...metadata, kind: "subagent" }, ...recorded].map((line) => JSON.stringify(line)).join("\n")}\n`,
    );
    const openclaw = write(".openclaw/agents/main/sessions/d703a1a9-1b7b-4fb1-b512-c9738b1fe617.jsonl", sharedLines("pi/pi-mono__large-session.jsonl", 0, 10));
    write(".openclaw/agents/main/sessions.json", "{}"); // openclaw's index of sessions, not one
    // opencode's storage: the export fixture taken apart as opencode keeps it
    const exported = JSON.parse(fs.readFileSync(OPENCODE_FIXTURE, "utf8"));
    const info = write(`.local/share/opencode/storage/session/${exported.info.projectID}/${exported.info.id}.json`, JSON.stringify(exported.info));
    for (const message of [...exported.messages].reverse()) {
      write(`.local/share/opencode/storage/message/${exported.info.id}/${message.info.id}.json`, JSON.stringify(message.info));
      for (const part of message.parts) write(`.local/share/opencode/storage/part/${message.info.id}/${part.id}.json`, JSON.stringify(part));
    }
    const goose = write(".local/share/goose/sessions/20251009_1.jsonl", fs.readFileSync(path.join(FIXTURES, "goose-compacted-session.jsonl"), "utf8"));
    const roo = write(".config/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks/1760000000000/api_conversation_history.json", fs.readFileSync(path.join(FIXTURES, "cline-roo-condensed-task.json"), "utf8"));
    // not a session of its own: the requests' tokens, read with the history
    const ui = [{ ts: 1760000001000, type: "say", say: "api_req_started", text: JSON.stringify({ tokensIn: 900, tokensOut: 40, cacheReads: 0, cacheWrites: 1200 }) }];
    write(".config/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks/1760000000000/ui_messages.json", JSON.stringify(ui));
    const found = agentFolders({ HOME: home }).flatMap((folder) => folder.list().flatMap((file) => folder.describe(file) ?? []));
    expect(found.map((session) => [session.agent, session.format, session.agentSessionId, session.project, session.path])).toEqual([
      ["gemini-cli", "gemini-cli", recordingIdOf(geminiLines), "7e8989f71805", geminiLines],
      ["gemini-cli", "gemini-cli", "faff42ab-6ea5-4f78-b8c4-f7dd6272af08", "7e8989f71805", gemini],
      ["openclaw", "openclaw", "d703a1a9-1b7b-4fb1-b512-c9738b1fe617", "/Users/badlogic/workspaces/pi-mono", openclaw],
      ["opencode", "opencode", exported.info.id, "/home/dev/projects/todo-cli", info],
      ["goose", "goose", "20251009_1", "/home/dev/shop", goose],
      ["roo-code", "cline", "rooveterinaryinc.roo-cline/1760000000000", "/home/dev/infra", roo],
    ]);
    // each imports as the format sync names it (an openclaw file without a reset would be detected as pi)
    for (const session of found) expect(importTranscriptBytes(await session.read(), { format: session.format }).session.messages.length).toBeGreaterThan(0);
    const task = importTranscriptBytes(await found.at(-1)!.read()).session;
    expect(task.messages.find((message) => message.role === "assistant")!.usage).toEqual({ input: 900, output: 40, cacheRead: 0, cacheWrite: 1200 });
  });

  it("reads an opencode session from its storage as the export it was taken from", async () => {
    const opencode = agentFolders({ HOME: home }).find((folder) => folder.agent === "opencode")!;
    const session = opencode.describe(opencode.list()[0])!;
    const fromStorage = importTranscriptBytes(await session.read(), { format: "opencode" }).session;
    const fromExport = importTranscript(fs.readFileSync(OPENCODE_FIXTURE, "utf8"), { format: "opencode" }).session;
    expect(fromStorage).toEqual(fromExport);
  });

  it("reads opencode's SQLite store (opencode 1.2+) instead of the JSON files it was migrated from", async () => {
    const exported = JSON.parse(fs.readFileSync(OPENCODE_FIXTURE, "utf8"));
    const file = path.join(home, ".local/share/opencode/opencode.db");
    const database = new Database(file);
    // the columns opencode's session.sql.ts declares that the lab reads (Timestamps: time_created, time_updated)
    database.exec(`CREATE TABLE session (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, parent_id TEXT, slug TEXT NOT NULL, directory TEXT NOT NULL, title TEXT NOT NULL, version TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, time_compacting INTEGER);
      CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);
      CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);`);
    const { info } = exported;
    database.prepare("INSERT INTO session VALUES (?, ?, NULL, 'add-verbose', ?, ?, ?, ?, ?, NULL)").run(info.id, info.projectID, info.directory, info.title, info.version, info.time.created, info.time.updated);
    exported.messages.forEach((message: { info: Record<string, unknown> & { id: string; time: { created: number } }; parts: (Record<string, unknown> & { id: string })[] }, index: number) => {
      const { id, sessionID: _session, ...data } = message.info;
      database.prepare("INSERT INTO message VALUES (?, ?, ?, ?, ?)").run(id, info.id, message.info.time.created + index, message.info.time.created + index, JSON.stringify(data));
      for (const part of message.parts) {
        const { id: partId, sessionID: _s, messageID: _m, ...partData } = part;
        database.prepare("INSERT INTO part VALUES (?, ?, ?, 0, 0, ?)").run(partId, id, info.id, JSON.stringify(partData));
      }
    });
    database.close();
    const opencode = agentFolders({ HOME: home }).find((folder) => folder.agent === "opencode")!;
    const listedFiles = opencode.list();
    expect(listedFiles).toEqual([`${file}#${info.id}`]); // the JSON files of the same session are not read twice
    const session = opencode.describe(listedFiles[0])!;
    expect(session).toMatchObject({ agentSessionId: info.id, project: "/home/dev/projects/todo-cli" });
    const fromDatabase = importTranscriptBytes(await session.read(), { format: "opencode" }).session;
    expect(fromDatabase).toEqual(importTranscript(fs.readFileSync(OPENCODE_FIXTURE, "utf8"), { format: "opencode" }).session);
  });

  it("reads Goose's SQLite store (Goose 1.10+), and its older JSON-lines files of sessions the store does not hold", async () => {
    const [header, ...messages] = fs.readFileSync(path.join(FIXTURES, "goose-compacted-session.jsonl"), "utf8").trim().split("\n").map((line) => JSON.parse(line));
    const file = path.join(home, ".local/share/goose/sessions/sessions.db");
    const database = new Database(file);
    // the columns of Goose's sessions and messages tables that the lab reads
    database.exec(`CREATE TABLE sessions (id TEXT PRIMARY KEY, name TEXT NOT NULL DEFAULT '', description TEXT NOT NULL DEFAULT '', working_dir TEXT NOT NULL, created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP, total_tokens INTEGER);
      CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, role TEXT NOT NULL, content_json TEXT NOT NULL, created_timestamp INTEGER NOT NULL, metadata_json TEXT, message_id TEXT);`);
    database.prepare("INSERT INTO sessions (id, name, working_dir, total_tokens) VALUES (?, ?, ?, ?)").run("20251010_2", header.description, header.working_dir, header.total_tokens);
    for (const message of messages) database.prepare("INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json, message_id) VALUES (?, ?, ?, ?, ?, ?)").run("20251010_2", message.role, JSON.stringify(message.content), message.created * 1000, JSON.stringify(message.metadata), message.id);
    database.close();
    const goose = agentFolders({ HOME: home }).find((folder) => folder.agent === "goose")!;
    const listedFiles = goose.list();
    expect(listedFiles).toEqual([path.join(home, ".local/share/goose/sessions/20251009_1.jsonl"), `${file}#20251010_2`]);
    const fromDatabase = goose.describe(listedFiles[1])!;
    expect(fromDatabase).toMatchObject({ agentSessionId: "20251010_2", project: "/home/dev/shop" });
    const imported = importTranscriptBytes(await fromDatabase.read()).session;
    const fromFile = importTranscriptBytes(await goose.describe(listedFiles[0])!.read()).session;
    expect(imported.format).toBe("goose");
    expect(imported.messages.map(({ source: _source, ...message }) => message)).toEqual(fromFile.messages.map(({ source: _source, ...message }) => message));
  });

  it("follows CLAUDE_CONFIG_DIR, CODEX_HOME and XDG_DATA_HOME", () => {
    const roots = agentFolders({ HOME: home, CLAUDE_CONFIG_DIR: "/c", CODEX_HOME: "/x", XDG_DATA_HOME: "/d" }).map((folder) => [folder.agent, folder.root]);
    expect(roots).toEqual([
      ["claude-code", "/c/projects"],
      ["codex", "/x/sessions"],
      ["pi", path.join(home, ".pi/agent/sessions")],
      ["gemini-cli", path.join(home, ".gemini/tmp")],
      ["openclaw", path.join(home, ".openclaw/agents")],
      ["opencode", "/d/opencode/storage"],
      ["goose", "/d/goose/sessions"],
      ["cline", path.join(home, ".config/Code/User/globalStorage/saoudrizwan.claude-dev/tasks")],
      ["roo-code", path.join(home, ".config/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks")],
      ["kilo-code", path.join(home, ".config/Code/User/globalStorage/kilocode.kilo-code/tasks")],
    ]);
  });
});
