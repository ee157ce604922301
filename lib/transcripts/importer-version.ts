/**
 * The version of what the importers make of a file. Whatever is derived from an imported session and kept beyond
 * the process (the CLI's cached continuation facts, keyed by the file's hash; the facts stored with a session) is
 * reused only at this version: raise it whenever an importer changes the canonical session it returns for the same
 * bytes (messages, parts, ids or their order).
 */
export const IMPORTER_VERSION = 1;
