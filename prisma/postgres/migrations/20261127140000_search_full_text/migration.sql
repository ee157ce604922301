-- Full-text search over messages (issue #40), kept in step with "Message" by a trigger and a cascading foreign key,
-- so every path that writes or deletes messages (import, re-import, redaction, a session's delete) updates it.
-- Not in schema.prisma (Prisma cannot describe a generated tsvector column): `prisma migrate dev` would offer to drop
-- it, keep it.
--
-- No semicolon may appear inside a statement or a comment here: the migration runs through @prisma/adapter-pg's
-- executeScript (scripts/schema-engine-wasm-shim.mjs), which splits the script at every semicolon. The trigger
-- function's body is therefore an E'' string with each semicolon written as \073.
--
-- What is searchable of a message: its parts' text (text, reasoning), tool names, every string of a tool call's input
-- (paths, commands, patterns), tool outputs and file names, the same choice as the SQLite migration's trigger.
CREATE FUNCTION message_search_text(data jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce(string_agg(piece, ' ' ORDER BY part_index, field_order, input_index), '')
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(data -> 'parts') = 'array' THEN data -> 'parts' ELSE '[]'::jsonb END)
        WITH ORDINALITY AS parts(part, part_index)
    CROSS JOIN LATERAL (
        SELECT part ->> 'text', 1, 0::bigint WHERE jsonb_typeof(part -> 'text') = 'string'
        UNION ALL SELECT part ->> 'name', 2, 0 WHERE jsonb_typeof(part -> 'name') = 'string'
        UNION ALL SELECT value #>> '{}', 3, input_index
            FROM jsonb_path_query(coalesce(part -> 'input', 'null'::jsonb), 'strict $.** ? (@.type() == "string")') WITH ORDINALITY AS inputs(value, input_index)
        UNION ALL SELECT part ->> 'output', 4, 0 WHERE jsonb_typeof(part -> 'output') = 'string'
        UNION ALL SELECT part ->> 'filename', 5, 0 WHERE jsonb_typeof(part -> 'filename') = 'string'
    ) AS pieces(piece, field_order, input_index)
$$;

-- A message's text in chunks of 20,000 characters (overlapping by 200, so a phrase across a cut is still found):
-- a tsvector holds at most 1 MB and word positions up to 16,383, which one long tool output passes. The document
-- splits on every character that is not a letter or digit, as SQLite's unicode61 does, so `lib/store/db.ts` is the
-- phrase lib store db ts on both.
CREATE TABLE "MessageSearch" (
    "sessionId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "chunk" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "document" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, regexp_replace("body", '[^[:alnum:]]+', ' ', 'g'))) STORED,
    CONSTRAINT "MessageSearch_pkey" PRIMARY KEY ("sessionId", "seq", "chunk"),
    CONSTRAINT "MessageSearch_message_fkey" FOREIGN KEY ("sessionId", "seq") REFERENCES "Message" ("sessionId", "seq") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "MessageSearch_document_idx" ON "MessageSearch" USING GIN ("document");

CREATE FUNCTION message_search_insert() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
    body text := message_search_text(NEW."data")\073
BEGIN
    INSERT INTO "MessageSearch" ("sessionId", "seq", "chunk", "body")
    SELECT NEW."sessionId", NEW."seq", chunk, substr(body, chunk * 20000 + 1, 20200)
    FROM generate_series(0, greatest(length(body) - 1, 0) / 20000) AS chunk\073
    RETURN NULL\073
END
';
CREATE TRIGGER "Message_search_insert" AFTER INSERT ON "Message" FOR EACH ROW EXECUTE FUNCTION message_search_insert();

-- messages stored before this migration
INSERT INTO "MessageSearch" ("sessionId", "seq", "chunk", "body")
SELECT m."sessionId", m."seq", chunk, substr(t.body, chunk * 20000 + 1, 20200)
FROM "Message" m
CROSS JOIN LATERAL (SELECT message_search_text(m."data") AS body) t
CROSS JOIN LATERAL generate_series(0, greatest(length(t.body) - 1, 0) / 20000) AS chunk;
