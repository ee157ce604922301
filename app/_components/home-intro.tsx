import Link from "next/link";
import type { SessionSummary } from "@/lib/api/contracts/schemas";

/** The demo a first visit is offered: the medium one (a few compactions at common windows), else any demo left. */
const DEMO_SOURCE_NAMES = ["generated-demo-medium.jsonl", "generated-demo-large.jsonl", "generated-demo-small.jsonl"];

/**
 * What the lab is, in two sentences, and where to start: a demo session, every strategy compared on it, or an
 * upload. The demo links appear only while a seeded demo session is still in the lab.
 */
export function HomeIntro({ sessions }: { sessions: readonly SessionSummary[] | undefined }) {
  const demo = DEMO_SOURCE_NAMES.map((name) => sessions?.find((session) => session.sourceName === name)).find((session) => session !== undefined);
  return (
    <section data-testid="home-intro" className="space-y-2">
      <h1 className="text-xl font-semibold">Compaction Lab</h1>
      <p className="max-w-3xl text-slate-700">
        Long agent sessions outgrow the model&apos;s context window, and every agent then prunes old tool output and
        summarizes its history in its own way. The lab replays real transcripts through those compaction strategies
        and shows, call by call, what each one keeps, what it loses and what it costs.
      </p>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {demo && (
          <>
            <Link href={`/sessions/${demo.id}`} data-testid="open-demo" className="rounded bg-violet-700 px-3 py-1.5 font-medium text-white hover:bg-violet-800">
              Open a demo session
            </Link>
            <Link
              href={`/sessions/${demo.id}/compare?preset=all`}
              data-testid="compare-demo"
              className="rounded border border-violet-300 bg-white px-3 py-1.5 font-medium text-violet-800 hover:bg-violet-50"
            >
              Compare every strategy on a demo
            </Link>
          </>
        )}
        <Link href="/recommend" data-testid="home-recommend" className="rounded border border-violet-300 bg-white px-3 py-1.5 font-medium text-violet-800 hover:bg-violet-50">
          Recommend a compaction threshold
        </Link>
        <span className="text-slate-600">{demo ? "or upload a transcript below." : "Upload a transcript below to start."}</span>
      </div>
    </section>
  );
}
