import { z } from "zod";
import { defineStrategy } from "./strategy";

export const DEFAULT_NONE_SETTINGS = {};

export const NoneSettingsSchema = z.strictObject({});
export type NoneSettings = z.infer<typeof NoneSettingsSchema>;

/**
 * The baseline: every message is sent as it came, nothing is pruned or compacted. Recorded compactions in
 * the transcript are skipped like every strategy skips them, so this shows the session as it would have been
 * sent had the agent never compacted; steps over the window are reported as overflow events.
 */
export const noneStrategy = defineStrategy<NoneSettings>({
  id: "none",
  label: "None",
  description: "No compaction: the whole session is sent every call (overflow is reported, not fixed).",
  source: { kind: "baseline", note: "the lab's control: what the model would be sent without compaction" },
  defaults: DEFAULT_NONE_SETTINGS,
  settingsSchema: NoneSettingsSchema,
  triggers: [],
  decide: () => ({}),
});
