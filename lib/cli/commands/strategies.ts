import { strategies } from "../../engine/strategies";
import { parseCommandArgs, type CliIo } from "../command";

export const usage = "npm run --silent lab -- strategies [--json]";

/** `strategies --json` prints every registered strategy as `{id, label, source, description, defaults}`. */
export async function run(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs({ args, usage, flags: { json: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
  if (values.help) {
    io.stdout(`usage: ${usage}\n`);
    return 0;
  }
  const rows = strategies.map(({ id, label, source, description, defaults }) => ({ id, label, source, description, defaults }));
  if (values.json) {
    io.stdout(`${JSON.stringify(rows)}\n`);
    return 0;
  }
  const width = Math.max(...rows.map((row) => row.id.length));
  io.stdout(`${rows.map((row) => `${row.id.padEnd(width)}  ${row.description}`).join("\n")}\n`);
  return 0;
}
