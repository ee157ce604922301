const integer = new Intl.NumberFormat("en-US");
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** 12,345 */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** 12.3K for axis ticks and tight cells */
export function formatCompact(value: number): string {
  return compact.format(value);
}

/** 1.2 MB */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** 2025-01-31 14:05, in the viewer's time zone; the raw string when it is not a date */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** "1 compaction", "2 compactions", "1,204 prunes" (English plural by `s`, which every noun it is given takes) */
export function plural(count: number, noun: string): string {
  return `${integer.format(count)} ${noun}${count === 1 ? "" : "s"}`;
}

/** $1.23, $0.0123 under a dime; "—" when unknown */
export function formatUsd(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  return `$${value.toFixed(Math.abs(value) < 0.1 ? 4 : 2)}`;
}
