import type { Database } from './database';

/**
 * Runs `work` in one transaction of `db`, with drizzle's own defaults (the database's isolation
 * level): a new transaction on the database, a savepoint when `db` is itself a transaction.
 * Drizzle hands over its transaction typed as a `PgTransaction`; this hands it over as the
 * `Database` every repository, statement and ledger call takes, so no caller casts it.
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Database));
}

/**
 * A repository's `transaction` method: runs `work` in one transaction (see `inTransaction`) with
 * the repository's queries bound to it, and hands over the transaction itself for what must
 * commit with them (the ledger's postings, the audit entry).
 *
 * ```ts
 * return { ...queriesOf(db), transaction: transactionWithQueries(db, queriesOf) };
 * ```
 */
export function transactionWithQueries<Queries>(db: Database, bind: (tx: Database) => Queries) {
  return <T>(work: (queries: Queries, tx: Database) => Promise<T>): Promise<T> =>
    inTransaction(db, (tx) => work(bind(tx), tx));
}

/**
 * A repository made of `queriesOf`'s queries on `db` and the `transaction` method of
 * `transactionWithQueries`, for a repository that is nothing more.
 */
export function repositoryWithTransaction<Queries extends object>(
  db: Database,
  queriesOf: (executor: Database) => Queries,
) {
  return { ...queriesOf(db), transaction: transactionWithQueries(db, queriesOf) };
}
