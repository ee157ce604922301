/** Map key of one part of one message. */
export function partKey(messageId: string, partIndex: number): string {
  return `${messageId}#${partIndex}`;
}
