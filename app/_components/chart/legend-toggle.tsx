"use client";

/**
 * One legend entry that hides or shows its series: a real button (Tab, Enter and Space work), `aria-pressed` says
 * whether the series is drawn. A hidden series keeps its text colour (no fading, which would fail contrast) and is
 * struck through, its swatch hollow.
 */
export function LegendToggle({
  label,
  colour,
  shape,
  shown,
  onToggle,
  testId,
}: {
  label: string;
  colour: string;
  shape: "line" | "dashed" | "thick" | "dot";
  shown: boolean;
  onToggle: () => void;
  testId?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={shown}
      title={shown ? `hide ${label}` : `show ${label}`}
      data-testid={testId}
      onClick={onToggle}
      className={`inline-flex items-center gap-1.5 rounded px-1 py-px hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-600 ${shown ? "" : "line-through"}`}
    >
      {shape === "dot" ? (
        <span className="inline-block h-2.5 w-2.5 rounded-full border-2" style={{ borderColor: colour, background: shown ? colour : "transparent" }} />
      ) : (
        <span
          className="inline-block w-4"
          style={{ borderTop: `${shape === "thick" ? 2 : 1.5}px ${shape === "dashed" || !shown ? "dashed" : "solid"} ${colour}` }}
        />
      )}
      {label}
    </button>
  );
}
