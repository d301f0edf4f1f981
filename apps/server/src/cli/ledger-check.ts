import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { checkLedger } from '../modules/ledger/ledger-check';

/**
 * `npm run ledger:check`: proves the ledger's invariants on the configured database
 * (DATABASE_URL, or the embedded database in DATA_DIR, which must not be open in a running
 * server) and exits non-zero, listing the offending rows, when one fails.
 */
async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  try {
    const result = await checkLedger(database.db);
    console.log(`ledger: ${result.transactions} transactions over ${result.accounts} accounts`);
    const failures = {
      'transactions not summing to zero': result.unbalancedTransactions,
      'balances differing from their postings': result.driftedAccounts,
      'member accounts below zero': result.negativeAccounts,
      'entity accounts below zero': result.negativeEntityAccounts,
      'postings by a kind that may not move their account': result.misbookedPostings,
      'entity accounts moved after their close or closed with money left':
        result.closedEntitiesMoved,
    };
    for (const [title, rows] of Object.entries(failures)) {
      console.log(`${rows.length === 0 ? 'ok  ' : 'FAIL'} ${title}: ${rows.length}`);
      for (const row of rows) console.log(`     ${JSON.stringify(row)}`);
    }
    return result.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (exitCode) => process.exit(exitCode),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  },
);
