import { type AuditEntry, auditList, type CallInput } from '@sb/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callConsole } from '../api/console-api';
import { parsePositiveId } from '../components/money';
import { ErrorNote, Field, TextInput, useConsoleText, useFormatTime } from '../components/ui';
import { auditDiffRows } from './audit-diff';

type AuditFilters = Omit<CallInput<typeof auditList>, 'beforeId' | 'pageSize'>;
const pageSize = 20;

interface FilterDraft {
  operatorId: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
}
const emptyDraft: FilterDraft = {
  operatorId: '',
  action: '',
  targetType: '',
  targetId: '',
  from: '',
  to: '',
};

/** A datetime-local value (the operator's own time zone) as epoch milliseconds. */
function epochMsOf(localDateTime: string): number | undefined {
  if (!localDateTime) return undefined;
  const value = new Date(localDateTime).getTime();
  return Number.isNaN(value) ? undefined : value;
}

function AuditEntryView({ entry }: { entry: AuditEntry }) {
  const { t } = useConsoleText();
  const formatTime = useFormatTime();
  const rows = auditDiffRows(entry.before, entry.after);
  return (
    <article className="console-audit-entry" data-testid={`audit-entry-${entry.id}`}>
      <header className="console-row">
        <strong data-testid="audit-action">{entry.action}</strong>
        <span data-testid="audit-target">
          {entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}` : ''}
        </span>
        <span data-testid="audit-who">
          {entry.operatorId === null
            ? t('audit.system')
            : `${entry.operatorUsername ?? ''} (#${entry.operatorId})`}
        </span>
        <span>{formatTime(entry.at)}</span>
        {entry.ip ? <span className="console-hint">{entry.ip}</span> : null}
      </header>
      <p data-testid="audit-reason">{entry.reason ?? t('audit.noReason')}</p>
      <table className="console-table console-diff" data-testid="audit-diff">
        <thead>
          <tr>
            <th>{t('audit.field')}</th>
            <th>{t('audit.before')}</th>
            <th>{t('audit.after')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.field}
              className={row.isChanged ? 'console-diff__changed' : undefined}
              data-testid={`audit-diff-${row.field || 'value'}`}
              data-changed={row.isChanged ? 'yes' : 'no'}
            >
              <td>{row.field}</td>
              <td>
                <pre data-testid="audit-before">{row.before ?? '—'}</pre>
              </td>
              <td>
                <pre data-testid="audit-after">{row.after ?? '—'}</pre>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}

/**
 * The audit log, newest first. Pages go back with the last page's `nextBeforeId`; the cursors
 * already used are kept so "newer" returns exactly to the page before.
 */
export function AuditLogDesk() {
  const { t } = useConsoleText();
  const [draft, setDraft] = useState<FilterDraft>(emptyDraft);
  const [filters, setFilters] = useState<AuditFilters>({});
  const [cursors, setCursors] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const beforeId = cursors.at(-1);
  const log = useQuery({
    queryKey: ['audit', filters, beforeId],
    queryFn: () =>
      callConsole(auditList, {
        ...filters,
        ...(beforeId ? { beforeId } : {}),
        pageSize,
      }),
    placeholderData: keepPreviousData,
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const operatorId = draft.operatorId.trim() ? parsePositiveId(draft.operatorId) : undefined;
    if (operatorId === null) return setProblem(t('audit.operatorIdInvalid'));
    if (draft.targetId.trim() && !draft.targetType.trim())
      return setProblem(t('audit.targetIdNeedsType'));
    setProblem(null);
    const from = epochMsOf(draft.from);
    const to = epochMsOf(draft.to);
    setFilters({
      ...(operatorId ? { operatorId } : {}),
      ...(draft.action.trim() ? { action: draft.action.trim() } : {}),
      ...(draft.targetType.trim() ? { targetType: draft.targetType.trim() } : {}),
      ...(draft.targetId.trim() ? { targetId: draft.targetId.trim() } : {}),
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
    });
    setCursors([]);
  };
  const field = (name: keyof FilterDraft, label: string, type = 'text') => (
    <Field label={label}>
      <TextInput
        type={type}
        value={draft[name]}
        testId={`audit-filter-${name}`}
        onValue={(text) => setDraft({ ...draft, [name]: text })}
      />
    </Field>
  );
  const nextBeforeId = log.data?.nextBeforeId ?? null;

  return (
    <section className="console-section">
      <h2>{t('audit.title')}</h2>
      <form className="console-row console-row--wrap" onSubmit={apply}>
        {field('operatorId', t('audit.operatorId'))}
        {field('action', t('audit.action'))}
        {field('targetType', t('audit.targetType'))}
        {field('targetId', t('audit.targetId'))}
        {field('from', t('audit.from'), 'datetime-local')}
        {field('to', t('audit.to'), 'datetime-local')}
        <button type="submit" className="console-button" data-testid="audit-apply">
          {t('audit.apply')}
        </button>
      </form>
      {problem ? <p className="console-error">{problem}</p> : null}
      <ErrorNote error={log.error} testId="audit-error" />
      <div data-testid="audit-entries">
        {log.data?.entries.map((entry) => (
          <AuditEntryView key={entry.id} entry={entry} />
        ))}
      </div>
      {log.data && log.data.entries.length === 0 ? <p>{t('common.empty')}</p> : null}
      <div className="console-pager">
        <button
          type="button"
          className="console-button console-button--quiet"
          disabled={cursors.length === 0}
          data-testid="audit-newer"
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          {t('audit.newer')}
        </button>
        <button
          type="button"
          className="console-button console-button--quiet"
          disabled={nextBeforeId === null}
          data-testid="audit-older"
          onClick={() => nextBeforeId !== null && setCursors([...cursors, nextBeforeId])}
        >
          {t('audit.older')}
        </button>
      </div>
    </section>
  );
}
