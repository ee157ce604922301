-- Bulk indexing for the search index (issue #39). An import stores a session's messages and indexes them itself, one
-- statement per batch of 1,000 (INSERT … SELECT from the "MessageSearchBody" view: the trigger's own expression),
-- instead of the trigger's two statements per message. While a session's id is in "MessageSearchBulk" — only ever
-- inside the transaction that stores its messages (lib/store/session-messages.ts) — the trigger skips its rows;
-- every other writer of "Message" is indexed by the trigger as before. Not in schema.prisma, like the other search
-- tables: a `prisma migrate dev` that offers to drop it must not.
CREATE TABLE "MessageSearchBulk" (
    "sessionId" TEXT NOT NULL PRIMARY KEY
);

DROP TRIGGER "Message_search_insert";

CREATE TRIGGER "Message_search_insert" AFTER INSERT ON "Message"
WHEN NOT EXISTS (SELECT 1 FROM "MessageSearchBulk" WHERE "sessionId" = NEW."sessionId")
BEGIN
    INSERT INTO "MessageSearchDoc" ("sessionId", "seq") VALUES (NEW."sessionId", NEW."seq");
    INSERT INTO "MessageSearch" ("rowid", "body") VALUES (last_insert_rowid(), coalesce((
            SELECT group_concat("value", ' ') FROM json_tree(NEW."data", '$.parts')
            WHERE "type" = 'text' AND ("key" IN ('text', 'name', 'output', 'filename') OR "fullkey" GLOB '$.parts[[][0-9]*[]].input*')
        ), ''));
END;
