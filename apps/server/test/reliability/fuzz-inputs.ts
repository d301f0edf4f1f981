import fc from 'fast-check';
import { z } from 'zod';
import { inputShapeLimits } from '../../src/http/input-shape';
import { JsonNumberText, type WireEncoding } from './wire-encodings';

/**
 * Inputs for fuzzing a call, drawn from its contract schema: values the schema accepts (with
 * fast-check's bias to the edges of every range), the same with one field replaced by something
 * hostile or just out of range, unknown and prototype-polluting fields, bodies that are not an
 * object at all, and bytes that are not JSON.
 */

/** The subset of JSON Schema that zod's `toJSONSchema` writes for the contract's inputs. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** A call's input as JSON Schema; parts zod cannot describe (transforms) accept anything. */
export function inputSchemaOf(input: z.ZodType): JsonSchema {
  return z.toJSONSchema(input, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
}

/** Longest string drawn for a field; the edges (exactly the maximum, one over) come separately. */
const drawnStringLengthMax = 40;
const drawnArrayLengthMax = 8;

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 64, drawnStringLengthMax));
  if (schema.pattern) {
    try {
      const pattern = new RegExp(schema.pattern);
      return fc
        .stringMatching(pattern)
        .filter((value) => value.length <= (schema.maxLength ?? 1e6));
    } catch {
      // A pattern fast-check cannot generate from: plain strings still probe the field.
    }
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = schema.minimum ?? (schema.exclusiveMinimum ?? -1e12) + (integer ? 1 : 0);
  const high = schema.maximum ?? (schema.exclusiveMaximum ?? 1e12) - (integer ? 1 : 0);
  if (integer) {
    const min = Math.max(Math.ceil(low), Number.MIN_SAFE_INTEGER);
    const max = Math.min(Math.floor(high), Number.MAX_SAFE_INTEGER);
    return min <= max ? fc.integer({ min, max }) : fc.constant(min);
  }
  // Most numbers the contract takes are whole even where its schema does not say so (ids,
  // amounts in minor units), so whole numbers come first to reach past validation.
  const wholeMin = Math.max(Math.ceil(low), Number.MIN_SAFE_INTEGER);
  const wholeMax = Math.min(Math.floor(high), Number.MAX_SAFE_INTEGER);
  const double = fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
  if (wholeMin > wholeMax) return double;
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: wholeMin, max: wholeMax }) },
    { weight: 1, arbitrary: double },
  );
}

/**
 * A call's fields as `schema` draws them, except that a field named in `known` is, half the
 * time, one of the real values the caller has (its own user id, an order it placed, a match
 * on the book): ids drawn at random name nothing, so without them most handlers answer "not
 * found" and never reach the work they guard.
 */
export function fieldsArbitraryOf(
  schema: JsonSchema,
  known: Readonly<Record<string, fc.Arbitrary<unknown>>>,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      const real = Object.hasOwn(known, name) ? known[name] : undefined;
      return [name, real ? fc.oneof(real, arbitraryOf(property)) : arbitraryOf(property)];
    }),
  );
  return fc.record(fields, {
    requiredKeys: Object.keys(properties).filter((name) => required.has(name) || name in known),
  });
}

/** Values `schema` accepts (or nearly: patterns and unions are followed as far as they go). */
export function arbitraryOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map(arbitraryOf));
  if (schema.allOf?.[0]) return arbitraryOf(schema.allOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? arbitraryOf(schema.items) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(
          schema.minItems ?? 0,
          Math.min(schema.maxItems ?? 8, drawnArrayLengthMax),
        ),
      });
    case 'object':
      return fieldsArbitraryOf(schema, {});
    default:
      // A part the JSON Schema cannot describe (a union with a transform): amounts and ids
      // sent as numbers or digit strings are the likeliest meanings.
      return fc.oneof(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.stringMatching(/^\d{1,8}$/),
        fc.jsonValue({ maxDepth: 2 }),
      );
  }
}

/** Just inside and just outside a field's bounds: where off-by-one mistakes live. */
export function edgeValuesOf(schema: JsonSchema): unknown[] {
  const edges: unknown[] = [];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') {
    for (const bound of [schema.minimum, schema.maximum]) {
      if (bound !== undefined) edges.push(bound, bound - 1, bound + 1);
    }
    for (const bound of [schema.exclusiveMinimum, schema.exclusiveMaximum]) {
      if (bound !== undefined) edges.push(bound);
    }
    if (type === 'integer') edges.push(1.5);
  }
  if (type === 'string') {
    if (schema.maxLength !== undefined && schema.maxLength < 100_000)
      edges.push('9'.repeat(schema.maxLength), '9'.repeat(schema.maxLength + 1));
    if (schema.minLength !== undefined && schema.minLength > 0)
      edges.push('9'.repeat(schema.minLength - 1));
  }
  if (type === 'array' && schema.maxItems !== undefined && schema.maxItems < 10_000) {
    edges.push(Array.from({ length: schema.maxItems + 1 }, () => 1));
  }
  return edges;
}

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
}

/**
 * Objects with a `length` no length limit can use, and array-likes: a limit compares a value's
 * `length`, and one that becomes no number (an object, text, a number past any double, as
 * `{"length":1e400}` reads) breaks the check instead of failing it (wire-fields.ts). JSON carries
 * no property of an array but its items, so an array with more properties goes as an
 * array-like object, and as a list whose items have such a `length`. Each is sent in a field.
 */
export const unmeasurableValues: readonly unknown[] = [
  { length: {} },
  { length: 'x' },
  { length: '1e400' },
  { length: new JsonNumberText('1e400') },
  { length: new JsonNumberText('-1e400') },
  { length: { valueOf: 0, toString: 0 } },
  { length: { valueOf: {}, toString: {} } },
  { length: [{}] },
  { length: null },
  { length: true },
  { length: -1 },
  { length: 1.5 },
  { length: 2 ** 53 },
  { 0: 'a', 1: 'b', length: 2 },
  { 0: 'a', length: 2 ** 32, push: 1, extra: { length: {} } },
  { 0: 'a', length: { valueOf: 0, toString: 0 } },
  [{ length: {} }],
  ['a', { length: new JsonNumberText('1e400') }],
  [{ length: { valueOf: 0, toString: 0 } }],
];

/** Values no field of the contract should choke on, whatever it expects. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\ufeff1',
    "' OR 1=1 --",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    '%00',
    '{{7*7}}',
    'NaN',
    'Infinity',
    '-0',
    '1e999',
    '9'.repeat(400),
    '0x10',
    ' 1',
    'true',
    'null',
    '[]',
    '{}',
    '__proto__',
    '🏈'.repeat(300),
    'x'.repeat(20_000),
  ),
  fc.constantFrom<unknown>(
    -1,
    0,
    -0.5,
    0.5,
    2 ** 31,
    -(2 ** 31),
    2 ** 53,
    -(2 ** 53),
    Number.MAX_SAFE_INTEGER,
    1e308,
    -1e308,
    5e-324,
  ),
  fc.constantFrom<unknown>(true, false, null, [], {}, [[]], { length: 1e9 }, nested(300)),
  fc.constantFrom<unknown>(...unmeasurableValues),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

/** Past the input shape limits and just inside them (docs/security.md, Limits). */
const nestedText = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
const manyFields = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`f${index}`, index]));
const manyItems = (count: number) => Array.from({ length: count }, (_, index) => index % 10);
// A value nested 20,000 deep goes as text (a JSON body or a field's JSON text): built as an
// object, it would overflow the test's own JSON.stringify.
const deepValues: unknown[] = [
  nested(inputShapeLimits.depth),
  nested(inputShapeLimits.depth - 1),
  nestedText(20_000),
  nestedText(inputShapeLimits.depth - 1),
  manyFields(inputShapeLimits.keys + 1),
  manyItems(inputShapeLimits.items + 1),
  manyItems(inputShapeLimits.items),
];

/**
 * What one fuzz case sends: fields as an object (encoded several ways) or raw bytes. `probed`
 * names the field that holds an unusable value, which a refusal for bad input must name.
 */
export type FuzzBody =
  | { kind: 'fields'; fields: Record<string, unknown>; encoding: WireEncoding; probed?: string }
  | { kind: 'raw'; payload: string; contentType: string };

/** A field the contract names, or `undefined` when the call takes none of its own. */
export function fieldNames(schema: JsonSchema): string[] {
  return Object.keys(schema.properties ?? {});
}

/**
 * The fuzz cases of a call whose input `schema` describes, `encodings` those the call accepts.
 * The caller's identity is added when sending, so every case gets as far as validation.
 */
export function fuzzBodies(
  schema: JsonSchema,
  encodings: readonly WireEncoding[],
  fieldsArbitrary: fc.Arbitrary<Record<string, unknown>> = arbitraryOf(schema) as fc.Arbitrary<
    Record<string, unknown>
  >,
): fc.Arbitrary<FuzzBody> {
  const names = fieldNames(schema);
  const encoding = fc.constantFrom(...encodings);
  const asFields = (fields: fc.Arbitrary<Record<string, unknown>>) =>
    fc
      .tuple(fields, encoding)
      .map(([value, how]): FuzzBody => ({ kind: 'fields', fields: value, encoding: how }));
  const edges = names.flatMap((name) =>
    edgeValuesOf(schema.properties?.[name] ?? {}).map((value) => [name, value] as const),
  );
  const oneFieldReplaced =
    names.length === 0
      ? fieldsArbitrary
      : fc
          .tuple(fieldsArbitrary, fc.constantFrom(...names), hostileValue)
          .map(([fields, name, value]) => ({ ...fields, [name]: value }));
  const oneFieldAtItsEdge =
    edges.length === 0
      ? fieldsArbitrary
      : fc
          .tuple(fieldsArbitrary, fc.constantFrom(...edges))
          .map(([fields, [name, value]]) => ({ ...fields, [name]: value }));
  // Deep and wide values in a field, and bodies of very many fields, in every encoding.
  const deepOrWideField =
    names.length === 0
      ? fieldsArbitrary
      : fc
          .tuple(fieldsArbitrary, fc.constantFrom(...names), fc.constantFrom(...deepValues))
          .map(([fields, name, value]) => ({ ...fields, [name]: value }));
  const manyFieldsBody = fc
    .tuple(fieldsArbitrary, fc.constantFrom(inputShapeLimits.keys - 40, inputShapeLimits.keys + 1))
    .map(([fields, count]) => ({ ...manyFields(count), ...fields }));
  const unknownField = fc
    .tuple(fieldsArbitrary, fc.string({ minLength: 1, maxLength: 12 }), hostileValue)
    .map(([fields, name, value]) => ({ ...fields, [name]: value }));
  const raw = fc.oneof(
    fc.constantFrom(
      '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
      '{"a":1,"a":2}',
      '{',
      '[]',
      '"text"',
      '123',
      'null',
      '',
      `{"x":"${'y'.repeat(300 * 1024)}"}`,
      `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
      `{"a":${nestedText(20_000)}}`,
      `{"a":${nestedText(inputShapeLimits.depth - 2)}}`,
      JSON.stringify(manyFields(inputShapeLimits.keys + 1)),
      JSON.stringify({ a: manyItems(inputShapeLimits.items + 1) }),
    ),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null'),
  );
  return fc.oneof(
    { weight: 4, arbitrary: asFields(fieldsArbitrary) },
    { weight: 4, arbitrary: asFields(oneFieldReplaced) },
    { weight: 2, arbitrary: asFields(oneFieldAtItsEdge) },
    { weight: 1, arbitrary: asFields(unknownField) },
    { weight: 1, arbitrary: asFields(deepOrWideField) },
    { weight: 1, arbitrary: asFields(manyFieldsBody) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(raw, fc.constantFrom('application/json', 'text/plain', 'application/xml'))
        .map(([payload, contentType]): FuzzBody => ({ kind: 'raw', payload, contentType })),
    },
  );
}

/**
 * The unmeasurable values sent to a call's fields, the other fields as `base` has them: case `i`
 * puts value `i` (round the list) in field `i` (round the fields), so every value goes in a
 * field and every field gets a value, in max(fields, values) cases, the encodings taken in turn.
 */
export function unmeasurableBodies(
  schema: JsonSchema,
  encodings: readonly WireEncoding[],
  base: Record<string, unknown>,
): FuzzBody[] {
  const names = fieldNames(schema);
  if (names.length === 0) return [];
  const cases = Math.max(names.length, unmeasurableValues.length);
  return Array.from({ length: cases }, (_, index): FuzzBody => {
    const name = names[index % names.length] as string;
    return {
      kind: 'fields',
      fields: { ...base, [name]: unmeasurableValues[index % unmeasurableValues.length] },
      encoding: encodings[index % encodings.length] ?? 'json',
      probed: name,
    };
  });
}
