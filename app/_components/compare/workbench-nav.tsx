import Link from "next/link";

const TABS = [
  { id: "playground", label: "Playground", href: (id: string) => `/sessions/${encodeURIComponent(id)}` },
  { id: "compare", label: "Compare strategies", href: (id: string) => `/sessions/${encodeURIComponent(id)}/compare` },
  { id: "sweep", label: "Parameter sweep", href: (id: string) => `/sessions/${encodeURIComponent(id)}/sweep` },
] as const;

/** The session's title and the tabs between its playground, compare view and sweep. */
export function WorkbenchNav({ sessionId, title, current }: { sessionId: string; title: string | null; current: "compare" | "sweep" }) {
  return (
    <header className="space-y-1.5">
      <div className="text-xs text-slate-500">
        <Link href="/" className="hover:underline">
          Sessions
        </Link>{" "}
        / <span className="break-all">{title ?? "…"}</span>
      </div>
      <nav aria-label="Session views" className="flex gap-1 border-b border-slate-200 text-sm">
        {TABS.map((tab) => (
          <Link
            key={tab.id}
            href={tab.href(sessionId)}
            data-testid={`tab-${tab.id}`}
            aria-current={tab.id === current ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-1.5 ${tab.id === current ? "border-violet-600 font-semibold text-violet-900" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
    </header>
  );
}
