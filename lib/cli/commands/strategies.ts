import { strategies } from "../../engine/strategies";
import { reproducedVersionLabel, reproducedVersionOf } from "../../engine/strategies/reproduced-version-of";
import { parseCommandArgs, type CliIo } from "../command";

export const usage = "npm run --silent lab -- strategies [--json]";

/**
 * `strategies` lists every registered strategy: its id, what it reproduces (an agent's or API's version and the date
 * of that behaviour, "retired" for an agent that no longer serves users) and its one-line description. `--json` prints
 * `{id, label, versionOf, source, description, defaults}` per strategy; a peer or provider strategy's `source` carries
 * `version`, `asOf` and `url`, and `undocumented` / `retired` where they apply.
 */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs({ args, usage, flags: { json: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
  if (values.help) {
    io.stdout(`usage: ${usage}\n`);
    return 0;
  }
  const rows = strategies.map(({ id, label, versionOf, source, description, defaults }) => ({ id, label, versionOf: versionOf ?? null, source, description, defaults }));
  if (values.json) {
    io.stdout(`${JSON.stringify(rows)}\n`);
    return 0;
  }
  const versions = rows.map((row) => {
    const version = reproducedVersionOf(row.id);
    if (!version) return "";
    const retired = row.source.kind === "peer" && row.source.retired ? `; retired ${row.source.retired.on}` : "";
    return `[${reproducedVersionLabel(version)}${retired}]`;
  });
  const idWidth = Math.max(...rows.map((row) => row.id.length));
  const versionWidth = Math.max(...versions.map((version) => version.length));
  io.stdout(`${rows.map((row, index) => `${row.id.padEnd(idWidth)}  ${versions[index].padEnd(versionWidth)}  ${row.description}`).join("\n")}\n`);
  return 0;
}
