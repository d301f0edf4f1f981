import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';

/** The encodings a call's fields may arrive in (DESIGN §5). */
export type WireEncoding = 'json' | 'form' | 'query' | 'multipart';

export const wireEncodings: readonly WireEncoding[] = ['json', 'form', 'query', 'multipart'];

/**
 * A number written into the JSON as its own text: one a double cannot hold (`1e400`, which
 * JSON.parse reads as Infinity) would otherwise go as `null`, since JSON.stringify writes no
 * Infinity.
 */
export class JsonNumberText {
  constructor(readonly text: string) {}
}

const numberTextMark = `json-number-${randomBytes(6).toString('hex')}:`;
const numberTextMarked = new RegExp(`"${numberTextMark}([^"]*)"`, 'g');

/** `value` as JSON text, each JsonNumberText in it written as its own text. */
export function jsonText(value: unknown): string {
  const text = JSON.stringify(value, (_key, part: unknown) =>
    part instanceof JsonNumberText ? `${numberTextMark}${part.text}` : part,
  );
  return text === undefined ? 'null' : text.replace(numberTextMarked, '$1');
}

function isScalar(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function scalarText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * A field as the text encodings carry it, as name-value pairs: a list of plain values as the
 * name repeated (as an HTML form sends a multiple choice), anything else structured as JSON text.
 */
export function textPairs(fields: Record<string, unknown>): [string, string][] {
  return Object.entries(fields).flatMap(([name, value]): [string, string][] => {
    if (value === undefined) return [];
    if (isScalar(value)) return [[name, scalarText(value)]];
    if (Array.isArray(value) && value.length > 0 && value.every(isScalar))
      return value.map((item) => [name, scalarText(item)]);
    return [[name, jsonText(value)]];
  });
}

function multipartBody(pairs: [string, string][], boundary: string): Buffer {
  const parts = pairs.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return Buffer.from(`${parts.join('')}--${boundary}--\r\n`);
}

/**
 * The request carrying `fields` to `path` in `encoding`: JSON and the text encodings as POST
 * bodies, the query as GET where the call takes GET and as POST with an empty body otherwise.
 */
export function requestOf(
  path: string,
  fields: Record<string, unknown>,
  encoding: WireEncoding,
  options: { allowsGet?: boolean; headers?: Record<string, string>; remoteAddress?: string } = {},
): InjectOptions {
  const headers = options.headers ?? {};
  const base = options.remoteAddress ? { remoteAddress: options.remoteAddress } : {};
  if (encoding === 'json')
    return {
      ...base,
      method: 'POST',
      url: path,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: jsonText(fields),
    };
  const pairs = textPairs(fields);
  if (encoding === 'query')
    return {
      ...base,
      method: options.allowsGet ? 'GET' : 'POST',
      url: `${path}?${new URLSearchParams(pairs).toString()}`,
      headers,
    };
  if (encoding === 'form')
    return {
      ...base,
      method: 'POST',
      url: path,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(pairs).toString(),
    };
  const boundary = `wire${randomBytes(8).toString('hex')}`;
  return {
    ...base,
    method: 'POST',
    url: path,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: multipartBody(pairs, boundary),
  };
}
