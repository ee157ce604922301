import { FORMAT_IDS } from "../../engine/model";
import { parseCommandArgs, type CliIo } from "../command";

export const usage = "npm run --silent lab -- formats [--json]";

/**
 * `formats --json` prints the format ids as a JSON array (from the model, without loading any importer);
 * without --json, a table of ids and the importers' labels, in detection order.
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs({ args, usage, flags: { json: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
  if (values.help) {
    io.stdout(`usage: ${usage}\n`);
    return 0;
  }
  if (values.json) {
    io.stdout(`${JSON.stringify(FORMAT_IDS)}\n`);
    return 0;
  }
  const { importers } = await import("../../transcripts");
  const width = Math.max(...importers.map((importer) => importer.id.length));
  const rows = importers.map((importer) => `${importer.id.padEnd(width)}  ${importer.label}`);
  io.stdout(`${"format".padEnd(width)}  label\n${rows.join("\n")}\n`);
  return 0;
}
