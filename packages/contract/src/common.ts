import { z } from 'zod';
import { languages } from './errors';

/**
 * A whole number. Form-encoded and query requests carry every value as text, JSON ones as typed
 * values; the wire's coercion (wire-coercion.ts) brings both to the schema's type before it is
 * checked, so these helpers only say what a field is.
 */
export const intField = () => z.number().int().safe();

/** A whole number from `min` to `max`. */
export const boundedInt = (min: number, max: number) =>
  intField().pipe(z.number().int().min(min).max(max));

/** A positive id: a match, league, sport, or a row the database keys by a 64-bit integer. */
export const idField = () => boundedInt(1, Number.MAX_SAFE_INTEGER);

/** A positive id the database keeps as a 32-bit integer: sports, plays, leagues. */
export const int32IdField = () => boundedInt(1, 2_147_483_647);

/** A currency id: a small positive number (the database keeps them as 32-bit integers). */
export const currencyIdField = () => boundedInt(1, 1_000_000);

/**
 * The latest time a call accepts, in epoch milliseconds: the first moment of the last day of the
 * year 9999. Later dates have no four-digit ISO form, so neither the database nor a date picker
 * could take them; the rest of that day leaves room for the windows built from a time (an
 * exclusive end a millisecond later, the end of its day) within that year too.
 */
export const maxEpochMs = 253_402_214_400_000;

/** A time as epoch milliseconds, from 1970 to the last day of the year 9999. */
export const epochMsField = () => boundedInt(0, maxEpochMs);

/** True or false; the wire also reads `1`/`0` and their text. */
export const boolField = () => z.boolean();

/** One page of a list: its records and how many there are in all. */
export const recordPageSchema = <Record extends z.ZodType>(record: Record) =>
  z.object({ records: z.array(record), total: z.number().int() });

/** Free text with a bound on its length, trimmed. */
export const textField = (maxLength: number) => z.string().trim().max(maxLength);

export const languageSchema = z.enum(languages);

/** SPEC §3 client info, sent with every request; all optional and kept with the request. */
export const clientInfoSchema = z.object({
  deviceID: textField(128).optional(),
  pid: textField(16).optional(),
  versionCode: textField(32).optional(),
  versionName: textField(32).optional(),
  os: textField(32).optional(),
  osVersionName: textField(64).optional(),
  osVersionCode: textField(32).optional(),
  mac: textField(64).optional(),
  deviceModel: textField(128).optional(),
  channel: textField(64).optional(),
  realm: textField(32).optional(),
  siteNo: textField(16).optional(),
  process: textField(32).optional(),
  source: textField(8).optional(),
  lang: textField(8).optional(),
});
export type ClientInfo = z.infer<typeof clientInfoSchema>;

/**
 * Fields every call may carry besides its own: identity, client info and the idempotency key of
 * money-moving calls. A call's input schema is merged with these and then made strict, so an
 * unknown field is refused by name.
 */
export const commonFieldsSchema = clientInfoSchema.extend({
  token: textField(128).optional(),
  uid: textField(64).optional(),
  idempotencyKey: textField(128).optional(),
});
export const commonFieldNames = Object.keys(commonFieldsSchema.shape);

/** SPEC double-MD5 password as the client sends it: 32 hexadecimal characters. */
export const wirePasswordSchema = z
  .string()
  .regex(/^[0-9a-fA-F]{32}$/, 'must be the 32-character hashed password');
