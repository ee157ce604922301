import { FORMAT_LABELS } from "./format-labels";

/** What the lab is and what it reads, shown before the first import. */
export function EmptyState() {
  return (
    <section data-testid="empty-state" className="rounded border border-dashed border-slate-300 bg-white px-5 py-6">
      <h2 className="text-base font-semibold">No sessions yet</h2>
      <p className="mt-1 max-w-3xl text-slate-600">
        Compaction Lab imports real LLM-agent transcripts, shows how their context grew call by call and where the
        agent compacted it, and replays them through compaction strategies so you can compare what each one keeps.
        Drop a transcript above to start. Files are parsed on the server and stored locally; nothing is sent to a
        model.
      </p>
      <h3 className="mt-4 text-xs font-semibold uppercase tracking-wide text-slate-500">Formats it reads</h3>
      <ul className="mt-1 grid gap-x-6 gap-y-0.5 sm:grid-cols-2 lg:grid-cols-4">
        {Object.entries(FORMAT_LABELS).map(([id, { label, file }]) => (
          <li key={id}>
            {label} <span className="text-slate-500">— {file}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
