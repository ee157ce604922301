/**
 * A preview of a secret that says which one it is without giving it away: the first 6 and last 4 characters of a
 * long one (`sk-ant…a9F2`), 3 and 2 of a middling one, nothing of a short one (a password of 8 characters would be
 * half shown).
 */
export function maskSecret(secret: string): string {
  const [head, tail] = secret.length >= 24 ? [6, 4] : secret.length >= 14 ? [3, 2] : [0, 0];
  return `${secret.slice(0, head)}…${tail > 0 ? secret.slice(-tail) : ""}`;
}
