import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/**
 * How deep, how wide and how long input may be. The contract's deepest input is three levels
 * (a stake limit's rows of lists, a bet's legs), its widest a call's own fields and the common
 * ones (about thirty), its longest list 2,000 ids; these bounds are far past every real call,
 * and short of what would overflow the stack or hold a call in a walk of its input.
 */
export const inputShapeLimits = {
  /** Levels of objects and lists, the body itself the first. */
  depth: 32,
  /** Keys of one object, the body's fields included. */
  keys: 500,
  /** Items of one list, a name repeated in a form or query included. */
  items: 10_000,
} as const;

interface Visit {
  value: unknown;
  depth: number;
  key: string;
  parent: Visit | null;
}

/** The top-level field `visit` is inside: a path 32 levels deep would say no more. */
function fieldOf(visit: Visit, root: string): string {
  let at = visit;
  while (at.parent?.parent) at = at.parent;
  return at.parent ? at.key : root;
}

function pathOf(visit: Visit, root: string): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) keys.push(at.key);
  return keys.length ? keys.reverse().join('.') : root;
}

/**
 * The first fault of `value` as a refusal's detail, naming where it is: nested past the depth
 * limit, an object or a list past its bound, or (with `refuseNul`) a string with a NUL character,
 * which PostgreSQL text cannot store and would fail in the database as an internal error. The
 * walk keeps its own stack and stops at the first fault, so a value nested without end costs a
 * walk of the limit's depth, never the call stack.
 */
export function inputFaultOf(
  value: unknown,
  root: string,
  options: { refuseNul?: boolean } = {},
): string | undefined {
  const stack: Visit[] = [{ value, depth: 1, key: '', parent: null }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const item = visit.value;
    if (typeof item === 'string') {
      if (options.refuseNul && item.includes('\u0000'))
        return `${pathOf(visit, root)}: must not contain NUL characters`;
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (visit.depth > inputShapeLimits.depth)
      return `${fieldOf(visit, root)}: nested deeper than ${inputShapeLimits.depth} levels`;
    let entries: [string, unknown][];
    if (Array.isArray(item)) {
      if (item.length > inputShapeLimits.items)
        return `${pathOf(visit, root)}: more than ${inputShapeLimits.items} items`;
      entries = item.map((element, index) => [String(index), element]);
    } else {
      const keys = Object.keys(item);
      if (keys.length > inputShapeLimits.keys)
        return `${pathOf(visit, root)}: more than ${inputShapeLimits.keys} fields`;
      entries = keys.map((key) => [key, (item as Record<string, unknown>)[key]]);
    }
    // Pushed last first, so faults are found in the order the input lists them.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, element] = entries[index] as [string, unknown];
      stack.push({ value: element, depth: visit.depth + 1, key, parent: visit });
    }
  }
  return undefined;
}

/**
 * Refuses, as bad input naming the limit, a query or body past `inputShapeLimits`, once it is
 * parsed and before any route reads it. JSON.parse and the form and query parsers build values
 * without recursion; everything after them (the wire's coercion, validation, the handlers of
 * routes outside the envelope) may walk what they built, so the bound comes first. Multipart
 * fields are flat and bounded in number by their parsers.
 */
export function installInputShapeLimits(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const fault =
      inputFaultOf(request.query, 'query') ??
      (request.body !== null && typeof request.body === 'object'
        ? inputFaultOf(request.body, 'body')
        : undefined);
    if (fault) throw new AppError('INVALID_INPUT', fault);
  });
}
