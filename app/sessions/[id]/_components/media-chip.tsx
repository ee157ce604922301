import { formatBytes } from "@/app/_components/format-number";

/** An image or file stands in as a chip: the lab keeps no payloads, only what they were. */
export function MediaChip({ kind, mediaType, bytes, name }: { kind: "image" | "file"; mediaType: string; bytes?: number; name?: string }) {
  return (
    <span
      data-testid={`part-${kind}`}
      className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-violet-200 bg-violet-50 px-2 py-0.5 text-xs text-violet-900"
      title={name}
    >
      <span aria-hidden>{kind === "image" ? "▣" : "▤"}</span>
      <span className="font-medium">{kind}</span>
      <span className="font-mono">{mediaType}</span>
      {bytes !== undefined && <span className="tabular-nums">{formatBytes(bytes)}</span>}
      {name && !name.startsWith("data:") && <span className="truncate font-mono">{name}</span>}
    </span>
  );
}
