import { memberSearch } from '@sb/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { callConsole } from '../api/console-api';
import {
  ErrorNote,
  Field,
  FlagFilter,
  type FlagFilterValue,
  flagOf,
  Pager,
  SelectInput,
  TextInput,
  useConsoleText,
  useFormatTime,
} from '../components/ui';

const pageSize = 20;
type VisitorsFilter = 'hidden' | 'shown';

/**
 * Member search: by account name prefix, uid or member id, optionally only (un)blocked ones.
 * Visitors and try-play accounts (one per first page view or demo click) stay out of the list
 * unless the operator shows them.
 */
export function MemberSearch() {
  const { t } = useConsoleText();
  const formatTime = useFormatTime();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [blocked, setBlocked] = useState<FlagFilterValue>('');
  const [visitors, setVisitors] = useState<VisitorsFilter>('hidden');
  const [page, setPage] = useState(1);
  const members = useQuery({
    queryKey: ['members', q, blocked, visitors, page],
    queryFn: () =>
      callConsole(memberSearch, {
        ...(q ? { q } : {}),
        ...(flagOf(blocked) === undefined ? {} : { blocked: flagOf(blocked) }),
        withVisitors: visitors === 'shown',
        page,
        size: pageSize,
      }),
    placeholderData: keepPreviousData,
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
    setPage(1);
  };
  return (
    <section className="console-section">
      <h2>{t('members.title')}</h2>
      <form className="console-row" onSubmit={search}>
        <Field label={t('members.query')}>
          <TextInput maxLength={64} value={draft} testId="member-query" onValue={setDraft} />
        </Field>
        <FlagFilter
          label={t('members.blockedFilter')}
          value={blocked}
          onlyTrue={t('members.onlyBlocked')}
          onlyFalse={t('members.onlyUnblocked')}
          testId="member-blocked-filter"
          onValue={(value) => {
            setBlocked(value);
            setPage(1);
          }}
        />
        <Field label={t('members.visitorsFilter')}>
          <SelectInput<VisitorsFilter>
            value={visitors}
            testId="member-visitors-filter"
            choices={[
              { value: 'hidden', label: t('members.visitorsHidden') },
              { value: 'shown', label: t('members.visitorsShown') },
            ]}
            onValue={(value) => {
              setVisitors(value);
              setPage(1);
            }}
          />
        </Field>
        <button type="submit" className="console-button" data-testid="member-search">
          {t('common.search')}
        </button>
      </form>
      <ErrorNote error={members.error} testId="members-error" />
      {members.data ? (
        <>
          <table className="console-table" data-testid="members">
            <thead>
              <tr>
                <th>{t('common.userId')}</th>
                <th>{t('members.uid')}</th>
                <th>{t('members.account')}</th>
                <th>{t('members.type')}</th>
                <th>{t('members.createdAt')}</th>
                <th>{t('members.riskLevel')}</th>
                <th>{t('members.blocked')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {members.data.records.map((member) => (
                <tr key={member.userId} data-testid={`member-row-${member.userId}`}>
                  <td>{member.userId}</td>
                  <td>{member.uid}</td>
                  <td>{member.account ?? '—'}</td>
                  <td>
                    {t(`members.types.${member.type}`, { defaultValue: String(member.type) })}
                  </td>
                  <td>{formatTime(member.createdAt)}</td>
                  <td>{member.riskLevel}</td>
                  <td>{member.blockedAt ? formatTime(member.blockedAt) : t('common.no')}</td>
                  <td>
                    <Link
                      to={`/members/${member.userId}`}
                      data-testid={`member-open-${member.userId}`}
                    >
                      {t('members.open')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {members.data.records.length === 0 ? <p>{t('common.empty')}</p> : null}
          <Pager
            page={page}
            size={pageSize}
            total={members.data.total}
            testId="members-pager"
            onPage={setPage}
          />
        </>
      ) : null}
    </section>
  );
}
