/** "200K", "1M", "131,072" */
export function windowLabel(window: number): string {
  if (window % 1_000_000 === 0) return `${window / 1_000_000}M`;
  if (window % 1_000 === 0) return `${window / 1_000}K`;
  return window.toLocaleString("en-US");
}
