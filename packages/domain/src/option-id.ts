import { decodeBase64Url, encodeBase64Url } from './base64';

/**
 * The option id `oi` of SPEC's market option: one outcome of one market of one event, stable for
 * as long as the market exists so that a bet slip item and an order can name it.
 *
 * Format: `{eventId}-{playId}-{tail}` where tail is unpadded base64url of the UTF-8 text
 * `{specifiers}\n{outcomeId}`. The numbers stay readable in logs; the tail carries the two free
 * texts without any character of theirs clashing with the separators. Ids are canonical: one
 * option has exactly one id, and decoding refuses every other spelling.
 */
export interface OptionRef {
  eventId: number;
  playId: number;
  /** Sportradar style, `hcp=-0.25`; empty for a market without a line. */
  specifiers: string;
  /** The outcome's id within its market: `home`, `over`, `2:1`, a competitor id. */
  outcomeId: string;
}

/** Bounds that keep an id short and refuse nonsense early. */
const maxTextLength = 200;
const maxIdLength = 400;

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder('utf-8', { fatal: true });

function isId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

function isText(value: string, allowEmpty: boolean): boolean {
  return (allowEmpty || value.length > 0) && value.length <= maxTextLength && !value.includes('\n');
}

/** Throws for a reference no id can be made of (a programming error, not bad input). */
export function encodeOptionId(ref: OptionRef): string {
  if (!isId(ref.eventId) || !isId(ref.playId))
    throw new RangeError(
      `event and play ids must be positive integers: ${ref.eventId}/${ref.playId}`,
    );
  if (!isText(ref.specifiers, true) || !isText(ref.outcomeId, false))
    throw new RangeError('specifiers and outcome id must be short single-line text');
  const tail = encodeBase64Url(textEncoder.encode(`${ref.specifiers}\n${ref.outcomeId}`));
  return `${ref.eventId}-${ref.playId}-${tail}`;
}

/** The option an id names, or undefined for anything that is not an id this function made. */
export function decodeOptionId(id: unknown): OptionRef | undefined {
  if (typeof id !== 'string' || id.length > maxIdLength) return undefined;
  const match = /^([1-9]\d{0,15})-([1-9]\d{0,15})-([A-Za-z0-9_-]+)$/.exec(id);
  if (!match) return undefined;
  const [, eventText = '', playText = '', tail = ''] = match;
  const bytes = decodeBase64Url(tail);
  if (!bytes) return undefined;
  let text: string;
  try {
    text = textDecoder.decode(bytes);
  } catch {
    return undefined;
  }
  const separator = text.indexOf('\n');
  if (separator < 0) return undefined;
  const ref: OptionRef = {
    eventId: Number(eventText),
    playId: Number(playText),
    specifiers: text.slice(0, separator),
    outcomeId: text.slice(separator + 1),
  };
  if (!isId(ref.eventId) || !isId(ref.playId)) return undefined;
  if (!isText(ref.specifiers, true) || !isText(ref.outcomeId, false)) return undefined;
  // Base64 has spellings that decode alike (stray low bits); only the canonical one is an id.
  return encodeOptionId(ref) === id ? ref : undefined;
}
