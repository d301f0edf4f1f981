/**
 * Times as the console's `datetime-local` inputs hold them: in the browser's (the operator's)
 * time zone, to the minute.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** A time as a `datetime-local` value in the browser's (the operator's) time zone. */
export function localInputOf(epochMs: number): string {
  const date = new Date(epochMs);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (the operator's time zone) as epoch milliseconds, or null. */
export function epochMsOfLocalInput(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return null;
  // A date-time without an offset is local time (ECMAScript's Date parsing).
  const value = new Date(text).getTime();
  return Number.isNaN(value) ? null : value;
}
