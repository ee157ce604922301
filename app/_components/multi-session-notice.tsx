"use client";

import { useState } from "react";
import { formatCount } from "./format-number";

/**
 * A file with several sessions (a trajectory list, a JSONL of eval instances) imports one at a time: say which
 * one was imported and offer another. Indexes are shown 1-based; the API's `pick` is 0-based.
 */
export function MultiSessionNotice({
  sessionCount,
  pick,
  onImport,
}: {
  sessionCount: number;
  pick: number;
  onImport: (pick: number) => void;
}) {
  const [next, setNext] = useState(String(Math.min(pick + 2, sessionCount)));
  const wanted = Number(next);
  const valid = Number.isInteger(wanted) && wanted >= 1 && wanted <= sessionCount;
  return (
    <form
      data-testid="upload-multi"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) onImport(wanted - 1);
      }}
      className="flex flex-wrap items-center gap-2 rounded border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900"
    >
      <span>
        This file holds {formatCount(sessionCount)} sessions; imported #{pick + 1}.
      </span>
      <label className="flex items-center gap-1">
        Import #
        <input
          data-testid="upload-pick"
          type="number"
          min={1}
          max={sessionCount}
          value={next}
          onChange={(event) => setNext(event.target.value)}
          className="w-20 rounded border border-amber-300 bg-white px-1.5 py-0.5 tabular-nums"
        />
        <span className="text-amber-800">of {formatCount(sessionCount)}</span>
      </label>
      <button
        type="submit"
        disabled={!valid}
        className="rounded border border-amber-300 bg-white px-2 py-0.5 font-medium hover:bg-amber-100 disabled:opacity-50"
      >
        Import
      </button>
    </form>
  );
}
