import type { z } from 'zod';

/**
 * The wire is liberal in what it takes and exact in what it means (DESIGN §5): the same request
 * arrives as JSON with numbers, JSON with the numbers as text, form-encoded or query text, or
 * multipart fields, and every client sends an empty string for a field it has nothing for. A
 * coercer, derived once from a call's (or an event's) schema, brings any of those dialects to
 * the one shape the schema describes, so no field needs code of its own:
 *
 * - a string field takes a finite number, as its decimal text;
 * - a number field takes the text of a decimal number (no hex, no `Infinity`);
 * - a boolean field takes `true`/`false`, `1`/`0`, as values or text;
 * - an enum or literal takes its numbers as text and its texts as numbers;
 * - an array field takes JSON array text, comma-joined items (`"1,2,3"`), or one bare item;
 *   an object or record field takes JSON object text;
 * - an empty string is absent: an optional field is left out (and so filters nothing), a
 *   defaulted one takes its default, a nullable one is null, and a required one is missing.
 *
 * Coercion never rejects anything: a value that does not fit is passed on unchanged, and the
 * schema refuses it with the field named. Unknown fields are passed on too, so strict schemas
 * still refuse them by name.
 */
export type WireCoercer = (value: unknown) => unknown;

type AnySchema = z.core.$ZodType;
type Def = AnySchema['_zod']['def'] & Record<string, unknown>;

const decimalText = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function numberFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!decimalText.test(text)) return value;
  const number = Number(text);
  return Number.isFinite(number) ? number : value;
}

function textFromNumber(value: unknown): unknown {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
}

function booleanFromWire(value: unknown): unknown {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  return value;
}

/** A value of one of `allowed`, reading text as a number or a number as text when one fits. */
function choiceFromWire(allowed: readonly unknown[]): WireCoercer {
  const texts = new Map(
    allowed.filter((item) => typeof item === 'number').map((item) => [String(item), item]),
  );
  const numbers = new Map(
    allowed
      .filter((item): item is string => typeof item === 'string' && decimalText.test(item))
      .map((item) => [Number(item), item]),
  );
  const booleans = new Map(
    allowed.filter((item) => typeof item === 'boolean').map((item) => [String(item), item]),
  );
  return (value) => {
    if (typeof value === 'string') {
      const text = value.trim();
      if (texts.has(text)) return texts.get(text);
      if (booleans.has(text)) return booleans.get(text);
    }
    if (typeof value === 'number' && numbers.has(value)) return numbers.get(value);
    return value;
  };
}

/** JSON text of the kind `opening` starts, parsed; anything else as it came. */
function parsedJsonText(value: unknown, opening: '[' | '{'): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!text.startsWith(opening)) return value;
  try {
    return JSON.parse(text);
  } catch {
    return value;
  }
}

function listFromWire(value: unknown): unknown {
  if (Array.isArray(value)) return value;
  const parsed = parsedJsonText(value, '[');
  if (Array.isArray(parsed)) return parsed;
  if (typeof value === 'string') return value.split(',').map((item) => item.trim());
  if (typeof value === 'number' || typeof value === 'boolean') return [value];
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Empty text is absent, wherever it is: the wrappers below decide what absent means. */
const withEmptyAsAbsent =
  (inner: WireCoercer): WireCoercer =>
  (value) =>
    value === '' ? undefined : inner(value);

const unchanged: WireCoercer = (value) => value;

const coercers = new WeakMap<AnySchema, WireCoercer>();

/** The coercer of `schema`, built once and kept with it. */
export function wireCoercerOf(schema: AnySchema): WireCoercer {
  const known = coercers.get(schema);
  if (known) return known;
  // Lazy schemas may refer to themselves: the entry exists before the walk reaches them again.
  let built: WireCoercer = unchanged;
  coercers.set(schema, (value) => built(value));
  built = buildCoercer(schema);
  coercers.set(schema, built);
  return built;
}

/** Coerces `value` to the shape `schema` describes, as `wireCoercerOf` says. */
export function coerceWireValue(schema: AnySchema, value: unknown): unknown {
  return wireCoercerOf(schema)(value);
}

function objectCoercer(def: Def): WireCoercer {
  const shape = def.shape as Record<string, AnySchema>;
  const fields = new Map(
    Object.entries(shape).map(([name, field]) => [name, wireCoercerOf(field)] as const),
  );
  return (value) => {
    const object = parsedJsonText(value, '{');
    if (!isPlainObject(object)) return value;
    // Walks the fields sent, not the schema's (a call takes some thirty with the common ones,
    // a request sends a dozen). fromEntries defines own properties, so a `__proto__` field
    // stays a field to refuse.
    const coerced = Object.fromEntries(Object.entries(object));
    for (const name of Object.keys(coerced)) {
      const coerce = fields.get(name);
      if (!coerce) continue;
      const next = coerce(coerced[name]);
      if (next === undefined) delete coerced[name];
      else coerced[name] = next;
    }
    return coerced;
  };
}

function buildCoercer(schema: AnySchema): WireCoercer {
  const def = schema._zod.def as Def;
  switch (def.type) {
    case 'string':
      return withEmptyAsAbsent(textFromNumber);
    case 'number':
      return withEmptyAsAbsent(numberFromText);
    case 'boolean':
      return withEmptyAsAbsent(booleanFromWire);
    case 'enum':
      return withEmptyAsAbsent(choiceFromWire(Object.values(def.entries as object)));
    case 'literal':
      return withEmptyAsAbsent(choiceFromWire(def.values as unknown[]));
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return withEmptyAsAbsent(wireCoercerOf(def.innerType as AnySchema));
    case 'nullable': {
      const inner = wireCoercerOf(def.innerType as AnySchema);
      return (value) => (value === '' || value === null ? null : inner(value));
    }
    case 'pipe': {
      // A preprocessing step sees the value as it came; the schema after it says what it is.
      const source = def.in as AnySchema;
      const from = source._zod.def.type === 'transform' ? (def.out as AnySchema) : source;
      return wireCoercerOf(from);
    }
    case 'lazy': {
      const getter = def.getter as () => AnySchema;
      return (value) => wireCoercerOf(getter())(value);
    }
    case 'object':
      return withEmptyAsAbsent(objectCoercer(def));
    case 'record': {
      const values = wireCoercerOf(def.valueType as AnySchema);
      return withEmptyAsAbsent((value) => {
        const object = parsedJsonText(value, '{');
        if (!isPlainObject(object)) return value;
        return Object.fromEntries(
          Object.entries(object).map(([key, item]) => [key, values(item)] as const),
        );
      });
    }
    case 'array': {
      const element = wireCoercerOf(def.element as AnySchema);
      return withEmptyAsAbsent((value) => {
        const list = listFromWire(value);
        return Array.isArray(list) ? list.map(element) : list;
      });
    }
    case 'tuple': {
      const items = (def.items as AnySchema[]).map(wireCoercerOf);
      const rest = def.rest ? wireCoercerOf(def.rest as AnySchema) : unchanged;
      return withEmptyAsAbsent((value) => {
        const list = listFromWire(value);
        if (!Array.isArray(list)) return list;
        return list.map((item, index) => (items[index] ?? rest)(item));
      });
    }
    case 'union': {
      // A value an option takes as it came stays as it came (a union of a number and its text
      // reads the text itself); otherwise the first option that takes the coerced value decides.
      // When none does, the value goes on as it came, for the union's own message. An option
      // that cannot even measure the value (a length check given an object whose `length`
      // becomes no number throws) does not take it; the field's validation then refuses it.
      const options = (def.options as AnySchema[]).map((option) => ({
        accepts: (value: unknown) => {
          try {
            return (option as unknown as z.ZodType).safeParse(value).success;
          } catch {
            return false;
          }
        },
        coerce: wireCoercerOf(option),
      }));
      return (value) => {
        if (options.some((option) => option.accepts(value))) return value;
        for (const option of options) {
          const coerced = option.coerce(value);
          if (option.accepts(coerced)) return coerced;
        }
        return value;
      };
    }
    default:
      // Transforms, unknowns and custom checks take whatever came.
      return unchanged;
  }
}
