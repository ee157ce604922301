"use client";

import { useState, type ChangeEvent } from "react";
import { z } from "zod";
import type { UserProbeInput } from "@/lib/api/contracts/compare-schemas";
import { ProbeSetSchema, probeSetToUserProbes } from "@/lib/api/contracts/probe-set-schema";

/**
 * "Load a probe set": reads a hand-written probe set file (bench/probes/README.md) in the browser and adds each
 * of its probes as one of the session's own regex probes (`probeSetToUserProbes`: alternatives joined, kind and
 * weight in the label), one after another. A file that does not parse is refused whole, naming the field.
 */
export function LoadProbeSet({ add, busy }: { add: (input: UserProbeInput) => Promise<unknown>; busy: boolean }) {
  const [status, setStatus] = useState<{ tone: "info" | "error"; text: string } | null>(null);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    let probes: ReturnType<typeof probeSetToUserProbes>;
    try {
      const parsed = ProbeSetSchema.safeParse(JSON.parse(await file.text()));
      if (!parsed.success) return setStatus({ tone: "error", text: `${file.name} is not a probe set: ${z.prettifyError(parsed.error)}` });
      probes = probeSetToUserProbes(parsed.data);
    } catch (error) {
      return setStatus({ tone: "error", text: `${file.name} is not JSON: ${error instanceof Error ? error.message : String(error)}` });
    }
    let added = 0;
    for (const { id: _id, ...probe } of probes) {
      try {
        await add(probe);
        added++;
      } catch (error) {
        return setStatus({ tone: "error", text: `added ${added} of ${probes.length}; then: ${error instanceof Error ? error.message : String(error)}` });
      }
    }
    setStatus({ tone: "info", text: `added ${added} probes from ${file.name}` });
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className={`cursor-pointer rounded border border-violet-300 px-2 py-0.5 font-medium text-violet-800 hover:bg-violet-50 ${busy ? "pointer-events-none opacity-50" : ""}`}>
        Load a probe set…
        <input type="file" accept=".json,application/json" data-testid="probe-set-file" className="sr-only" disabled={busy} onChange={(event) => void onFile(event)} />
      </label>
      {status && (
        <span data-testid="probe-set-status" role={status.tone === "error" ? "alert" : "status"} className={status.tone === "error" ? "whitespace-pre-wrap text-red-700" : "text-slate-600"}>
          {status.text}
        </span>
      )}
    </div>
  );
}
