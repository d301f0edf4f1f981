import type { Database } from './database';

/** What the prepared queries of both drivers drizzle is used with keep: the client they run on. */
interface ClientBound {
  client: unknown;
}

/**
 * A query built and prepared once, to run on the database or inside any of its transactions.
 *
 * Drizzle builds a query's SQL text from its table objects on every call, which on the hottest
 * paths costs the server more CPU than the round trip itself; `.prepare()` builds it once, but
 * binds the result to the client it was made on, so a statement prepared on the database cannot
 * run inside a transaction (drizzle-orm issue 613). This keeps the prepared query and hands out
 * a view of it bound to the executor's client (the pool's connection of a transaction, or
 * PGlite's transaction), which costs one small object. On PostgreSQL a named statement is then
 * parsed once per connection; PGlite runs the same text.
 */
export function reusableStatement<Query extends object>(
  prepared: Query,
): (executor: Database) => Query {
  if (!('client' in prepared))
    throw new Error('a reusable statement needs a prepared query that keeps its client');
  const ownClient = (prepared as ClientBound).client;
  return (executor) => {
    const client = (executor._.session as unknown as ClientBound).client;
    if (client === undefined) throw new Error('the executor has no client to run a statement on');
    if (client === ownClient) return prepared;
    return Object.create(prepared, { client: { value: client } }) as Query;
  };
}

/**
 * Ids as one array parameter (`= any($1::bigint[])`), in PostgreSQL's array text so that both
 * drivers pass it alike; whatever is not a safe integer is left out.
 */
export function idArrayParam(ids: readonly number[]): string {
  return `{${ids.filter((id) => Number.isSafeInteger(id)).join(',')}}`;
}
