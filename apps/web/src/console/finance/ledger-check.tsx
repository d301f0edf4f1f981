import { ledgerCheck } from '@sb/contract';
import { useMutation } from '@tanstack/react-query';
import { callConsole } from '../api/console-api';
import { ErrorNote, useConsoleText, useFormatTime } from '../components/ui';

const findings = [
  'unbalancedTransactions',
  'driftedAccounts',
  'negativeAccounts',
  'negativeEntityAccounts',
  'misbookedPostings',
  'closedEntitiesMoved',
] as const;
type Finding = (typeof findings)[number];

/** The offending rows of one invariant as the server names them, column by column. */
function FindingRows({ finding, rows }: { finding: Finding; rows: Record<string, unknown>[] }) {
  const { t } = useConsoleText();
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return (
    <div data-testid={`ledger-${finding}`}>
      <h3>
        {t(`finance.ledger.findings.${finding}`)}{' '}
        <span
          className={rows.length > 0 ? 'console-tag console-tag--danger' : 'console-tag'}
          data-testid={`ledger-${finding}-count`}
        >
          {rows.length}
        </span>
      </h3>
      {rows.length > 0 ? (
        <table className="console-table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column}>{column}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              // The server's rows have no common key; their order is stable within one answer.
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of one answer, never reordered
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column}>{row[column] === undefined ? '' : String(row[column])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

/**
 * Runs the ledger check over the whole book on request (it reads every posting, so it does not
 * run on its own) and shows pass or fail with the rows that break an invariant.
 */
export function LedgerCheck() {
  const { t } = useConsoleText();
  const formatTime = useFormatTime();
  const check = useMutation({ mutationFn: () => callConsole(ledgerCheck, {}) });
  const result = check.data;
  return (
    <section className="console-section">
      <h2>{t('finance.ledger.title')}</h2>
      <p className="console-hint">{t('finance.ledger.hint')}</p>
      <button
        type="button"
        className="console-button"
        disabled={check.isPending}
        data-testid="ledger-run"
        onClick={() => check.mutate()}
      >
        {check.isPending ? t('finance.ledger.running') : t('finance.ledger.run')}
      </button>
      <ErrorNote error={check.error} testId="ledger-error" />
      {result ? (
        <div data-testid="ledger-result">
          <p>
            <strong
              className={result.ok ? 'console-notice' : 'console-error'}
              data-testid="ledger-verdict"
              data-ok={result.ok ? 'yes' : 'no'}
            >
              {result.ok ? t('finance.ledger.passed') : t('finance.ledger.failed')}
            </strong>{' '}
            <span data-testid="ledger-summary">
              {t('finance.ledger.summary', {
                transactions: result.transactions,
                accounts: result.accounts,
                time: formatTime(result.checkedAt),
              })}
            </span>
          </p>
          {findings.map((finding) => (
            <FindingRows key={finding} finding={finding} rows={result[finding]} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
