/** UTF-8 text of an uploaded file (a BOM is dropped; invalid bytes become U+FFFD, and the importer reports where). */
export function decodeUpload(bytes: Uint8Array): string {
  return new TextDecoder("utf-8").decode(bytes);
}
