import fs from "node:fs/promises";
import path from "node:path";
import { readEnv } from "../env/read-env";
import { findSeedDocument } from "./seed-documents";

/**
 * The text of a seed design document from LAB_SEEDS_DIR, or null when the folder does not hold it (a checkout without
 * ../shared). Only a file a strategy names is read: any other name — a path, another file of the folder — is
 * undefined, never a read.
 */
export async function readSeedText(file: string): Promise<string | null | undefined> {
  const document = findSeedDocument(file);
  if (!document) return undefined;
  const folder = path.resolve(readEnv().LAB_SEEDS_DIR);
  try {
    return await fs.readFile(path.join(folder, document.file), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR") return null;
    throw error;
  }
}
