import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { readSeedText } from "@/lib/seeds/read-seed-text";
import { findSeedDocument } from "@/lib/seeds/seed-documents";

type Props = { params: Promise<{ file: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const document = findSeedDocument((await params).file);
  return { title: document ? `${document.label} — Compaction Lab` : "Compaction Lab" };
}

/**
 * A seed design document (`/seeds/<file>`): what a seed is, the strategies that reproduce it and the sections they
 * follow, and its text as plain text (React escapes it: nothing in it is markup). Only a file a strategy names is
 * served (404 otherwise); a server without LAB_SEEDS_DIR's folder says so instead of the text.
 */
export default async function SeedPage({ params }: Props) {
  const { file } = await params;
  const document = findSeedDocument(file);
  if (!document) notFound();
  const text = await readSeedText(document.file);
  return (
    <article data-testid="seed-document" data-file={document.file} className="space-y-3">
      <header className="space-y-1">
        <div className="text-xs text-slate-500">
          <Link href="/" className="hover:underline">
            Sessions
          </Link>{" "}
          / design documents
        </div>
        <h1 className="text-lg font-semibold">
          {document.label} <span className="font-mono text-sm font-normal text-slate-500">{document.file}</span>
        </h1>
        <p className="max-w-3xl text-xs text-slate-600">
          A <span className="font-semibold">seed</span> is one of the five design documents the lab was built from: each describes how one agent (or
          agent framework) compacts its conversation — when it triggers, what it prunes, where it cuts, how it summarizes, with its named constants. A
          strategy marked with a seed reproduces that document: its algorithm, and its defaults as the document states them.
        </p>
        <ul data-testid="seed-strategies" className="text-xs text-slate-700">
          {document.reproducedBy.map((strategy) => (
            <li key={strategy.id}>
              <span className="font-mono font-semibold">{strategy.id}</span> ({strategy.label}) reproduces {strategy.section}
            </li>
          ))}
        </ul>
      </header>
      {text === null ? (
        <p data-testid="seed-missing" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          This server does not hold the document: it reads the seeds from LAB_SEEDS_DIR (default ../shared/seeds, beside the checkout).
        </p>
      ) : (
        <pre data-testid="seed-text" className="max-w-full overflow-x-auto whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-white p-3 font-mono text-xs leading-5 text-slate-800">
          {text}
        </pre>
      )}
    </article>
  );
}
