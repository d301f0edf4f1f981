/** One line of a market's specifiers, e.g. `hcp=-0.25` → key `hcp`, line `−0.25`. */
export interface MarketLine {
  key: string;
  line: string;
}

/**
 * A line as people write it: a true minus sign, and a plus on a positive handicap (a total is
 * never signed). A value that is not a number is shown as it came.
 */
export function formatLine(key: string, value: string): string {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number)) return value;
  const digits = value.replace(/^[+-]/, '');
  if (number < 0) return `\u2212${digits}`;
  return key === 'hcp' && number > 0 ? `+${digits}` : digits;
}

/** The feed's specifiers (`key=value` joined by `|`) as lines to name; none for an empty string. */
export function marketLinesOf(specifiers: string): MarketLine[] {
  if (!specifiers) return [];
  return specifiers.split('|').map((part) => {
    const at = part.indexOf('=');
    const key = at < 0 ? part : part.slice(0, at);
    const value = at < 0 ? '' : part.slice(at + 1);
    return { key, line: formatLine(key, value) };
  });
}
