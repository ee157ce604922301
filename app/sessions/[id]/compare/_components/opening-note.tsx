import type { OpeningComparison } from "@/lib/client/opening-comparison";

/** Why the compare view opened with these configurations: the session's own strategy, and why each other is there. */
export function OpeningNote({ opening }: { opening: OpeningComparison }) {
  const others = opening.drafts.slice(1);
  return (
    <p data-testid="compare-opening-note" className="text-xs text-slate-600">
      Ready to run: <span className="font-mono font-medium text-slate-800">{opening.own}</span> at its defaults (
      {opening.ownIsAgent ? "this session's own agent" : "the lab's default for a format of no single agent"}), held against{" "}
      {others.map((draft, index) => (
        <span key={draft.id}>
          {index > 0 && (index === others.length - 1 ? " and " : ", ")}
          <span className="font-mono">{draft.strategy}</span> ({opening.whyById.get(draft.strategy)})
        </span>
      ))}
      . Change, add or remove any — or take every strategy at its defaults.
    </p>
  );
}
