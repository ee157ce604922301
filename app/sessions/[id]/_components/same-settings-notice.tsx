import type { RunSummary } from "@/lib/api/contracts/run-schemas";
import { formatDateTime } from "@/app/_components/format-number";

/**
 * Above the Run button when the panel's settings are those of a stored run: says which, opens it, and says that Run
 * would add a second identical row (the figures are deterministic for the extractive summarizer; a model's summaries
 * may differ, so running again stays possible).
 */
export function SameSettingsNotice({ run, open, onOpen }: { run: RunSummary; open: boolean; onOpen: () => void }) {
  return (
    <div data-testid="same-settings" data-run-id={run.id} className="rounded-md border border-sky-200 bg-sky-50 px-2 py-1 text-[11px] leading-4 text-sky-900">
      <span className="font-semibold">Same settings as run </span>
      <span className="font-mono" title={run.id}>
        {run.id.slice(-8)}
      </span>{" "}
      ({run.strategyId}, {formatDateTime(run.createdAt)}){open ? ", open above" : ""}.{" "}
      {!open && (
        <button type="button" data-testid="same-settings-open" onClick={onOpen} className="font-medium text-sky-800 underline">
          Open it
        </button>
      )}
      <span className="block text-sky-800">
        {run.options.summarizer === "extractive" ? "Running again replays it to the same figures and adds an identical row." : "Running again asks the model anew and adds a row with these settings."}
      </span>
    </div>
  );
}
