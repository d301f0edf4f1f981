import { coerceWireValue } from '@sb/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error';
import { inputFaultOf } from './input-shape';

/**
 * Query, form-encoded, JSON and multipart bodies all arrive as one flat object of fields
 * (DESIGN §5); a field in the body wins over the same name in the query.
 */
export function readWireFields(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw new AppError('INVALID_INPUT', 'body must be an object of fields');
  }
  return {
    ...(request.query as Record<string, unknown>),
    ...(body as Record<string, unknown> | undefined),
  };
}

function valueAt(fields: unknown, path: readonly PropertyKey[]): unknown {
  let value = fields;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** What was wrong, field by field, as the refusal's message says it (the first five faults). */
function describeIssues(error: z.ZodError, fields: unknown): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      if (issue.code === 'unrecognized_keys')
        return `unknown field ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
      const field = issue.path.join('.') || 'body';
      // A field left out, or sent empty (which the wire reads as left out), is missing.
      const isMissing =
        issue.code === 'invalid_type' &&
        issue.path.length > 0 &&
        valueAt(fields, issue.path) === undefined;
      return `${field}: ${isMissing ? 'is required' : issue.message}`;
    })
    .join('; ');
}

/**
 * The fields brought to `schema`'s shape by the wire's coercion (numbers as text and text as
 * numbers, `"1"` as true, empty strings as absent; packages/contract's wire-coercion.ts). A
 * string with a NUL character is refused here, whatever field holds it, and so is a value past
 * the input shape limits: coercion reads JSON text inside a field, which the limits on the body
 * did not see.
 */
export function coerceWireFields(
  schema: z.ZodType,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const coerced = coerceWireValue(schema, fields) as Record<string, unknown>;
  const fault = inputFaultOf(coerced, 'body', { refuseNul: true });
  if (fault) throw new AppError('INVALID_INPUT', fault);
  return coerced;
}

/** The first field whose own schema throws on its value, for a refusal that names it. */
function fieldThatBreaks(schema: z.ZodType, coerced: Record<string, unknown>): string {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  for (const [field, fieldSchema] of Object.entries(shape ?? {})) {
    try {
      fieldSchema.safeParse(coerced[field]);
    } catch {
      return field;
    }
  }
  return 'input';
}

/** Coerced fields validated by `schema`; bad input is refused with the fields named. */
export function validateWireFields<S extends z.ZodType>(
  schema: S,
  coerced: Record<string, unknown>,
): z.output<S> {
  let parsed: z.ZodSafeParseResult<z.output<S>>;
  try {
    parsed = schema.safeParse(coerced);
  } catch {
    // A value zod cannot even measure breaks its checks instead of failing them: an object whose
    // `length` is an object with no way to become a number (`{"length":{"valueOf":0,
    // "toString":0}}`), which a length limit compares. It is refused like any bad value.
    throw new AppError('INVALID_INPUT', `${fieldThatBreaks(schema, coerced)}: not a valid value`);
  }
  if (!parsed.success) throw new AppError('INVALID_INPUT', describeIssues(parsed.error, coerced));
  return parsed.data;
}

/** The fields as `schema` reads them: coerced, then validated, before anything is done with them. */
export function parseWireFields<S extends z.ZodType>(
  schema: S,
  fields: Record<string, unknown>,
): z.output<S> {
  return validateWireFields(schema, coerceWireFields(schema, fields));
}
