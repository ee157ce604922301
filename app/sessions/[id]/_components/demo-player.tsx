"use client";

import { useEffect, useRef, useState } from "react";
import { DEFAULT_DEMO_SPEED, DEMO_SPEEDS, nextDemoStep, type DemoCut } from "@/lib/client/demo-script";
import { formatCount } from "@/app/_components/format-number";
import { percentChange } from "./build-run-overlay";

/**
 * Demo mode (issue #42, item 12): plays an open run call by call — the chart's cursor, the model's view (the view
 * bar's step) and the timeline follow the call — and pauses at each compaction or trim with its before/after and
 * the facts later messages use that it lost. Speed in calls per second; keys: Space plays or pauses, ← → step a
 * call, [ ] slower and faster, Home and End. "Link to this call" is the page's URL with `?call=` (it opens there).
 */
export function DemoPlayer({
  runId,
  lastStep,
  cuts,
  step,
  onStep,
}: {
  runId: string;
  /** the run's last model call */
  lastStep: number;
  cuts: ReadonlyMap<number, DemoCut>;
  /** the call shown ("final": after the last message) */
  step: number | "final";
  onStep: (step: number | "final") => void;
}) {
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(DEFAULT_DEMO_SPEED);
  const [paused, setPaused] = useState<DemoCut | null>(null);
  const [copied, setCopied] = useState(false);
  const current = step === "final" ? lastStep : step;
  // the newest props for the timer and the key handler, without restarting them on every step
  const latest = useRef({ current, onStep, cuts, lastStep });
  useEffect(() => {
    latest.current = { current, onStep, cuts, lastStep };
  });

  // reads the newest props: the key handler, set once, calls it too
  const go = (target: number) => {
    const { onStep: move, cuts: pauses, lastStep: last } = latest.current;
    const bounded = Math.min(last, Math.max(0, target));
    setPaused(pauses.get(bounded) ?? null);
    move(bounded);
  };
  const play = () => {
    // from the end (or the final context), start over
    if (current >= lastStep) onStep(0);
    setPaused(null);
    setPlaying(true);
  };

  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => {
      const { current: from, onStep: move, cuts: pauses, lastStep: last } = latest.current;
      const next = nextDemoStep(from, last);
      if (next === null) {
        setPlaying(false);
        return;
      }
      move(next);
      const cut = pauses.get(next);
      if (cut) {
        setPaused(cut);
        setPlaying(false);
      }
    }, 1000 / speed);
    return () => window.clearTimeout(timer);
  }, [playing, speed, current]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      // Space on a focused button presses that button (Play among them): not a second toggle here
      if (event.key === " " && target?.tagName === "BUTTON") return;
      const { current: from, lastStep: last } = latest.current;
      if (event.key === " ") setPlaying((value) => !value);
      else if (event.key === "ArrowRight") {
        setPlaying(false);
        go(from + 1);
      } else if (event.key === "ArrowLeft") {
        setPlaying(false);
        go(from - 1);
      } else if (event.key === "Home") go(0);
      else if (event.key === "End") go(last);
      else if (event.key === "]") setSpeed((value) => DEMO_SPEEDS.find((candidate) => candidate > value) ?? value);
      else if (event.key === "[") setSpeed((value) => [...DEMO_SPEEDS].reverse().find((candidate) => candidate < value) ?? value);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
    // set once: `go` reads the newest props through `latest`
  }, []);

  const link = () => {
    const url = new URL(window.location.href);
    url.searchParams.set("run", runId);
    url.searchParams.set("call", String(current));
    return url.href;
  };

  return (
    <section data-testid="demo-player" data-step={current} data-playing={playing ? "true" : "false"} aria-label="Demo: play the run call by call" className="space-y-1.5 rounded-lg border border-fuchsia-200 bg-fuchsia-50/60 px-3 py-1.5 text-xs text-fuchsia-950">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">Demo</span>
        <button type="button" data-testid="demo-play" onClick={() => (playing ? setPlaying(false) : play())} aria-keyshortcuts="Space" className="rounded bg-fuchsia-700 px-2 py-0.5 font-semibold text-white hover:bg-fuchsia-800">
          {playing ? "❚❚ Pause" : paused ? "▶ Continue" : "▶ Play"}
        </button>
        <button type="button" aria-label="previous call" aria-keyshortcuts="ArrowLeft" onClick={() => go(current - 1)} className="rounded border border-fuchsia-300 bg-white px-1.5">
          ‹
        </button>
        <span data-testid="demo-position" className="tabular-nums">
          call {formatCount(current)} of {formatCount(lastStep)}
        </span>
        <button type="button" aria-label="next call" aria-keyshortcuts="ArrowRight" onClick={() => go(current + 1)} className="rounded border border-fuchsia-300 bg-white px-1.5">
          ›
        </button>
        <label className="flex items-center gap-1">
          speed
          <select data-testid="demo-speed" value={speed} onChange={(event) => setSpeed(Number(event.target.value))} className="rounded border border-fuchsia-300 bg-white px-1 py-px">
            {DEMO_SPEEDS.map((value) => (
              <option key={value} value={value}>
                {value} calls/s
              </option>
            ))}
          </select>
        </label>
        <span className="text-fuchsia-800">{formatCount(cuts.size)} pauses (each compaction)</span>
        <button
          type="button"
          data-testid="demo-link"
          onClick={() => {
            void navigator.clipboard?.writeText(link()).then(() => setCopied(true), () => setCopied(false));
          }}
          className="ml-auto text-fuchsia-800 underline"
          title="a link that opens this run at this call"
        >
          {copied ? "link copied" : "Link to this call"}
        </button>
        <span className="hidden text-fuchsia-700 sm:inline">Space play/pause · ← → a call · [ ] speed</span>
      </div>
      {paused && (
        <div data-testid="demo-cut" data-step={paused.step} className="rounded border border-fuchsia-300 bg-white px-2 py-1 text-slate-800">
          <span className="font-semibold text-fuchsia-900">{paused.kind === "trim" ? "Trim" : "Compaction"} before call {formatCount(paused.step)}:</span>{" "}
          <span className="tabular-nums">
            {formatCount(paused.tokensBefore)} → {formatCount(paused.tokensAfter)} tokens ({percentChange(paused.tokensBefore, paused.tokensAfter)})
          </span>
          {paused.messagesDropped !== null && paused.messagesDropped > 0 && <> · {formatCount(paused.messagesDropped)} messages no longer sent</>}
          <div data-testid="demo-cut-lost" className="mt-0.5 text-slate-600">
            {paused.lost === null ? (
              "Continuation recall did not score this cut (the run's cuts are sampled)."
            ) : paused.lost.length === 0 ? (
              `Lost nothing later messages use (${paused.present} of ${paused.counted} facts held).`
            ) : (
              <>
                Lost {formatCount((paused.counted ?? 0) - (paused.present ?? 0))} of {formatCount(paused.counted ?? 0)} facts later messages use:{" "}
                {paused.lost.map((fact) => (
                  <code key={fact} className="mr-1 rounded bg-slate-100 px-1">
                    {fact}
                  </code>
                ))}
              </>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
