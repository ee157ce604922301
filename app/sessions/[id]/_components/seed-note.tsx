import Link from "next/link";

/**
 * Under a seed strategy's source: what "seed 002" means — one of the design documents the lab was built from, which
 * this strategy reproduces — and a link to read it (issue #42, item 6).
 */
export function SeedNote({ source }: { source: Record<string, unknown> }) {
  if (source.kind !== "seed" || typeof source.file !== "string") return null;
  const label = `seed ${source.file.slice(0, 3)}`;
  return (
    <p data-testid="seed-note" className="text-[11px] leading-4 text-slate-600">
      A seed is one of the design documents the lab was built from: this strategy reproduces {label}, its algorithm and its
      defaults.{" "}
      <Link href={`/seeds/${encodeURIComponent(source.file)}`} data-testid="seed-link" className="font-medium text-violet-700 underline">
        Read {label}
      </Link>
    </p>
  );
}
