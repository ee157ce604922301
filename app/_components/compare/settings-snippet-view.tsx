"use client";

import { useState } from "react";

/** What `settingsSnippet` returns: the configuration as the agent it mirrors would be configured. */
export interface SnippetView {
  agent: string;
  format: string;
  file: string;
  text: string;
  notes: string | readonly string[];
}

/**
 * A settings snippet to paste into the agent's own configuration (Claude Code environment variables, Codex
 * config.toml, …), with where it goes and a copy button. Plain text in a <pre>: labels and settings are the user's
 * input, rendered inert.
 */
export function SettingsSnippetView({ snippet }: { snippet: SnippetView }) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const notes = typeof snippet.notes === "string" ? (snippet.notes ? [snippet.notes] : []) : snippet.notes;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet.text);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <div data-testid="settings-snippet" className="space-y-1 text-xs">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-800">Settings for {snippet.agent}</span>
        <span className="font-mono text-slate-500">{snippet.file}</span>
        <span className="rounded bg-slate-100 px-1 text-slate-600">{snippet.format}</span>
        <button type="button" data-testid="settings-snippet-copy" onClick={copy} className="ml-auto rounded border border-slate-300 bg-white px-2 py-0.5 font-medium hover:bg-slate-50">
          {copied === "copied" ? "Copied" : copied === "failed" ? "Copy failed: select the text" : "Copy"}
        </button>
      </div>
      <pre data-testid="settings-snippet-text" tabIndex={0} className="max-h-60 overflow-auto rounded bg-slate-900 p-2 font-mono text-[11px] leading-4 text-slate-100 select-all">
        {snippet.text}
      </pre>
      {notes.length > 0 && (
        <ul className="list-disc space-y-0.5 pl-4 text-slate-600">
          {notes.map((note, index) => (
            <li key={index}>{note}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
