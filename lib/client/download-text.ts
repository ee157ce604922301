/**
 * Saves `text` as a file through the browser's download (a Blob URL on a temporary link), so an export needs no
 * server round trip. The URL is revoked on the next tick, after the click has started the download.
 */
export function downloadText(options: { text: string; filename: string; type: string }): void {
  const url = URL.createObjectURL(new Blob([options.text], { type: options.type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = options.filename;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
