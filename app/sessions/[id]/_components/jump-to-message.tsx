"use client";

import { useState } from "react";

/** Go to message #n (the numbers shown in the timeline, 0-based like the API's seq). */
export function JumpToMessage({ messageCount, onJump }: { messageCount: number; onJump: (index: number) => void }) {
  const [value, setValue] = useState("");
  const wanted = Number(value);
  const valid = value.trim() !== "" && Number.isInteger(wanted) && wanted >= 0 && wanted < messageCount;
  return (
    <form
      data-testid="jump-to-message"
      className="flex items-center gap-1.5 text-xs"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) onJump(wanted);
      }}
    >
      <label htmlFor="jump-input" className="text-slate-600">
        Go to message #
      </label>
      <input
        id="jump-input"
        data-testid="jump-input"
        type="number"
        min={0}
        max={messageCount - 1}
        placeholder={`0–${messageCount - 1}`}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className="w-24 rounded border border-slate-300 bg-white px-1.5 py-0.5 tabular-nums"
      />
      <button
        type="submit"
        disabled={!valid}
        className="rounded border border-slate-300 bg-white px-2 py-0.5 font-medium hover:bg-slate-100 disabled:opacity-50"
      >
        Go
      </button>
    </form>
  );
}
