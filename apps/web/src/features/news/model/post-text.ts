import { formatDisplayTime } from '../../../lib/display-time';

/**
 * A post's id from the address (`?news=12`): a whole number from 1 up, written plainly;
 * anything else is no id, so a mistyped address shows the list rather than a request.
 */
export function postIdOf(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/** A Chinese, Japanese or full-width character or mark at the end of a text. */
const endsWide = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]$/u;

/**
 * The start of a text for a list: its lines joined (by spaces, but not after Chinese), cut to at most `max` characters
 * (whole characters, so a Chinese text or an emoji is never split) with an ellipsis when cut.
 */
export function excerptOf(text: string, max = 160): string {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  // Chinese runs on without spaces: a line ending in a Chinese character or mark joins the next
  // directly, any other with a space.
  const joined = lines.reduce(
    (sofar, line) => (sofar === '' ? line : `${sofar}${endsWide.test(sofar) ? '' : ' '}${line}`),
    '',
  );
  const characters = Array.from(joined);
  if (characters.length <= max) return joined;
  return `${characters.slice(0, max).join('').trimEnd()}…`;
}

/** A text's paragraphs: parts split by blank lines, each keeping its own line breaks. */
export function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n|\r/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((part) => part.replace(/^\n+|\n+$/g, ''))
    .filter((part) => part.trim() !== '');
}

/** An activity's window as the page writes it: from its start, until its end when it has one. */
export function activityPeriodOf(startsAt: number, endsAt: number | null) {
  return {
    from: formatDisplayTime(startsAt),
    until: endsAt === null ? null : formatDisplayTime(endsAt),
  };
}

/**
 * Where an activity's link leads: an in-app route (`#/…`) stays in the app, an address on
 * this site or an https:// address opens as a link; the server refuses every other kind, and
 * anything else here is no link at all.
 */
export function activityLinkOf(
  linkUrl: string | null,
): { kind: 'route'; to: string } | { kind: 'address'; href: string } | null {
  if (linkUrl === null || linkUrl === '') return null;
  if (linkUrl.startsWith('#/')) return { kind: 'route', to: linkUrl.slice(1) };
  if (linkUrl.startsWith('/') && !linkUrl.startsWith('//'))
    return { kind: 'address', href: linkUrl };
  if (linkUrl.toLowerCase().startsWith('https://')) return { kind: 'address', href: linkUrl };
  return null;
}
