-- Full-text search over messages (issue #40), kept in step with "Message" by triggers, so every path that writes or
-- deletes messages (import, re-import, redaction, a session's cascade delete) updates it without the app's help.
-- Not in schema.prisma (Prisma cannot describe an FTS5 table): `prisma migrate dev` would offer to drop these; keep them.
--
-- What is searchable of a message: its parts' text (text, reasoning), tool names, every string of a tool call's input
-- (paths, commands, patterns), tool outputs and file names. The same choice as the PostgreSQL twin's
-- message_search_text().

-- one row per message; its id is the FTS row's rowid ("Message"'s own rowid is not stable: VACUUM may renumber it)
CREATE TABLE "MessageSearchDoc" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "sessionId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL
);
CREATE UNIQUE INDEX "MessageSearchDoc_sessionId_seq_key" ON "MessageSearchDoc"("sessionId", "seq");

-- the searchable text of each message, computed from "Message" when read (for snippets): the index holds the
-- tokens only, not a second copy of the text (a copy took the database file from 119 to 225 MB for three
-- 20,000-message sessions)
CREATE VIEW "MessageSearchBody" ("id", "body") AS
SELECT d."id", coalesce((
    SELECT group_concat("value", ' ') FROM json_tree(m."data", '$.parts')
    WHERE "type" = 'text' AND ("key" IN ('text', 'name', 'output', 'filename') OR "fullkey" GLOB '$.parts[[][0-9]*[]].input*')
), '')
FROM "MessageSearchDoc" d JOIN "Message" m ON m."sessionId" = d."sessionId" AND m."seq" = d."seq";

-- unicode61: a token is a run of letters and digits (so `lib/store/db.ts` is the phrase lib store db ts), case- and
-- diacritic-folded
-- contentless (it keeps no text: read it from MessageSearchBody), rows deletable by rowid (SQLite ≥ 3.43; the
-- better-sqlite3 the lab runs bundles 3.54). Not external content over the view: FTS5 reads such a view as
-- main.json_tree and fails.
CREATE VIRTUAL TABLE "MessageSearch" USING fts5("body", content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');

CREATE TRIGGER "Message_search_insert" AFTER INSERT ON "Message" BEGIN
    INSERT INTO "MessageSearchDoc" ("sessionId", "seq") VALUES (NEW."sessionId", NEW."seq");
    INSERT INTO "MessageSearch" ("rowid", "body") VALUES (last_insert_rowid(), coalesce((
            SELECT group_concat("value", ' ') FROM json_tree(NEW."data", '$.parts')
            WHERE "type" = 'text' AND ("key" IN ('text', 'name', 'output', 'filename') OR "fullkey" GLOB '$.parts[[][0-9]*[]].input*')
        ), ''));
END;

CREATE TRIGGER "Message_search_delete" AFTER DELETE ON "Message" BEGIN
    DELETE FROM "MessageSearch" WHERE "rowid" = (SELECT "id" FROM "MessageSearchDoc" WHERE "sessionId" = OLD."sessionId" AND "seq" = OLD."seq");
    DELETE FROM "MessageSearchDoc" WHERE "sessionId" = OLD."sessionId" AND "seq" = OLD."seq";
END;

-- messages stored before this migration
INSERT INTO "MessageSearchDoc" ("sessionId", "seq") SELECT "sessionId", "seq" FROM "Message" ORDER BY "sessionId", "seq";
INSERT INTO "MessageSearch" ("rowid", "body") SELECT "id", "body" FROM "MessageSearchBody";
