import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { GEMINI_NOTICE_TYPES } from "@/lib/transcripts/gemini-cli";
import { listSharedTranscripts, sharedTranscript } from "@/lib/testing/shared-transcripts";
import { ORACLES_DIR } from "./oracles";

/**
 * The lab's Gemini CLI importer (lib/transcripts/gemini-cli.ts, gemini-cli-turn.ts) against gemini-cli-core 0.61.0's
 * published chat-recording types (`dist/src/services/chatRecordingTypes.d.ts`: ConversationRecord, MessageRecord,
 * ToolCallRecord, TokensSummary; ThoughtSummary from utils/thoughtUtils.d.ts), read with the TypeScript compiler:
 * - every field the importer reads is declared where the importer reads it (a rename in gemini-cli fails here);
 * - the message types the importer accepts are exactly the declared `type` union (user, gemini, and the notices
 *   it leaves out), and the tool status it treats as an error is a declared status;
 * - every key in the shared Gemini recordings is a declared field (the real files agree with the types).
 */
const TYPES_FILE = path.join(ORACLES_DIR, "@google/gemini-cli-core/dist/src/services/chatRecordingTypes.d.ts");

/** the fields lib/transcripts/gemini-cli*.ts read, by the type they belong to */
const FIELDS_READ: Record<string, string[]> = {
  ConversationRecord: ["sessionId", "projectHash", "startTime", "messages"],
  MessageRecord: ["id", "timestamp", "type", "content", "toolCalls", "thoughts", "tokens", "model"],
  ToolCallRecord: ["id", "name", "args", "result", "status"],
  TokensSummary: ["input", "output", "cached", "thoughts", "tool"],
  ThoughtSummary: ["subject", "description"],
};

interface Declared {
  properties: Map<string, Set<string>>;
  messageTypes: Set<string>;
  statuses: Set<string>;
}

function readDeclared(): Declared {
  const program = ts.createProgram([TYPES_FILE], { noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(TYPES_FILE);
  if (!source) throw new Error(`cannot read ${TYPES_FILE}`);
  const module = checker.getSymbolAtLocation(source);
  const exports = new Map(checker.getExportsOfModule(module!).map((symbol) => [symbol.name, symbol]));
  const typeOf = (name: string) => checker.getDeclaredTypeOfSymbol(exports.get(name)!);
  const constituents = (type: ts.Type): ts.Type[] => (type.isUnion() ? type.types : [type]);
  const names = (type: ts.Type) => new Set(constituents(type).flatMap((member) => checker.getPropertiesOfType(member).map((symbol) => symbol.name)));
  const literals = (type: ts.Type) => new Set(constituents(type).flatMap((member) => (member.isLiteral() ? [String(member.value)] : [])));
  const propertyType = (type: ts.Type, name: string) => constituents(type).map((member) => checker.getTypeOfSymbol(checker.getPropertyOfType(member, name)!));
  const message = typeOf("MessageRecord");
  const toolCall = typeOf("ToolCallRecord");
  const thoughts = propertyType(constituents(message).find((member) => checker.getPropertyOfType(member, "thoughts"))!, "thoughts")[0];
  const thought = checker.getNonNullableType(thoughts).getNumberIndexType()!;
  return {
    properties: new Map([
      ["ConversationRecord", names(typeOf("ConversationRecord"))],
      ["MessageRecord", names(message)],
      ["ToolCallRecord", names(toolCall)],
      ["TokensSummary", names(typeOf("TokensSummary"))],
      ["ThoughtSummary", names(thought)],
    ]),
    messageTypes: new Set(propertyType(message, "type").flatMap((type) => [...literals(type)])),
    statuses: new Set(propertyType(toolCall, "status").flatMap((type) => [...literals(type)])),
  };
}

const installed = fs.existsSync(TYPES_FILE);

describe.skipIf(!installed)(`gemini-cli chat recording types (gemini-cli-core 0.61.0)${installed ? "" : ": oracle not installed, run npm run conformance"}`, () => {
  const declared = installed ? readDeclared() : null;

  it.each(Object.entries(FIELDS_READ))("declares every field of %s the importer reads", (type, fields) => {
    const properties = declared!.properties.get(type)!;
    expect(properties.size).toBeGreaterThan(0);
    expect(fields.filter((field) => !properties.has(field))).toEqual([]);
  });

  it("has exactly the message types the importer accepts, and the error status it reads", () => {
    expect(declared!.messageTypes).toEqual(new Set(["user", "gemini", ...GEMINI_NOTICE_TYPES]));
    expect(declared!.statuses).toContain("error");
  });

  it("declares every key of the shared Gemini recordings", () => {
    const files = listSharedTranscripts().filter((file) => file.startsWith("gemini-cli/"));
    const undeclared = new Set<string>();
    const check = (type: string, record: Record<string, unknown>) => {
      for (const key of Object.keys(record)) if (!declared!.properties.get(type)!.has(key)) undeclared.add(`${type}.${key}`);
    };
    for (const file of files) {
      const recording = JSON.parse(fs.readFileSync(sharedTranscript(file), "utf8"));
      check("ConversationRecord", recording);
      for (const message of recording.messages) {
        check("MessageRecord", message);
        for (const call of message.toolCalls ?? []) check("ToolCallRecord", call);
        if (message.tokens) check("TokensSummary", message.tokens);
        for (const thought of message.thoughts ?? []) check("ThoughtSummary", Object.fromEntries(Object.entries(thought).filter(([key]) => key !== "timestamp")));
      }
    }
    expect([...undeclared]).toEqual([]);
  });
});
