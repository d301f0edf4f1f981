/** Digits in an authenticator code (RFC 6238 as the server checks it). */
export const totpLength = 6;

/**
 * What the code field keeps of what was typed or pasted: digits only, at most six. Apps show
 * codes as "123 456" and people paste them with the space, so separators are dropped rather
 * than refused; letters can never be part of a code, so they are dropped too.
 */
export function normalizeTotpInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, totpLength);
}

/** A code is ready to send once it has exactly six digits. */
export function isTotpComplete(code: string): boolean {
  return new RegExp(`^\\d{${totpLength}}$`).test(code);
}

/**
 * Whether a change of the field should send the form at once: it just became complete. Typing
 * the sixth digit signs in, as authenticator apps lead people to expect; re-rendering a code
 * that was already complete (or a failed one left on screen) does not send it again.
 */
export function shouldSubmitTotp(previous: string, next: string): boolean {
  return !isTotpComplete(previous) && isTotpComplete(next);
}
