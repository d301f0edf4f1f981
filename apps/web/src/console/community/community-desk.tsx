import { type DeskShare, shareDeskList, shareHide, tipsterHide } from '@sb/contract';
import { sportNameOf } from '@sb/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callConsole } from '../api/console-api';
import {
  ErrorNote,
  Field,
  FlagFilter,
  type FlagFilterValue,
  flagOf,
  Notice,
  Pager,
  ReasonAction,
  TextInput,
  useConsoleText,
  useFormatTime,
} from '../components/ui';

const pageSize = 20;
const sharesKey = ['communityShares'] as const;

/** A desk change and what the server answered, for the line under the search. */
type Change =
  | { kind: 'share'; code: string; hidden: boolean; applied: boolean }
  | { kind: 'tipster'; tipsterId: number; hidden: boolean; applied: boolean };

/** A tipster ID as typed: a positive whole number, or null (nothing typed is undefined). */
function tipsterIdOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  return /^\d{1,15}$/.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : null;
}

/**
 * The community desk: shares newest first, withdrawn and hidden ones too, by code (its
 * beginning), tipster and hidden flag; a share or its tipster hidden or shown again with a
 * reason, which the server keeps in the audit log.
 */
export function CommunityDesk() {
  const { t, language } = useConsoleText();
  const formatTime = useFormatTime();
  const queryClient = useQueryClient();
  const [codeDraft, setCodeDraft] = useState('');
  const [tipsterDraft, setTipsterDraft] = useState('');
  const [filter, setFilter] = useState<{ code: string; tipsterId?: number }>({ code: '' });
  const [hidden, setHidden] = useState<FlagFilterValue>('');
  const [page, setPage] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const [change, setChange] = useState<Change | null>(null);
  const shares = useQuery({
    queryKey: [...sharesKey, filter, hidden, page],
    queryFn: () =>
      callConsole(shareDeskList, {
        ...(filter.code ? { code: filter.code } : {}),
        ...(filter.tipsterId ? { tipsterId: filter.tipsterId } : {}),
        ...(flagOf(hidden) === undefined ? {} : { hidden: flagOf(hidden) }),
        page,
        size: pageSize,
      }),
    placeholderData: keepPreviousData,
  });
  const afterChange = (answer: Change) => {
    setChange(answer);
    return queryClient.invalidateQueries({ queryKey: sharesKey });
  };
  const hideShare = useMutation({
    mutationFn: (input: { code: string; hidden: boolean; reason: string }) =>
      callConsole(shareHide, input),
    onMutate: () => setChange(null),
    onSuccess: (answer) => afterChange({ kind: 'share', ...answer }),
  });
  const hideTipster = useMutation({
    mutationFn: (input: { tipsterId: number; hidden: boolean; reason: string }) =>
      callConsole(tipsterHide, input),
    onMutate: () => setChange(null),
    onSuccess: (answer) => afterChange({ kind: 'tipster', ...answer }),
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    const tipsterId = tipsterIdOf(tipsterDraft);
    if (tipsterId === null) return setProblem(t('community.tipsterInvalid'));
    setProblem(null);
    setFilter({ code: codeDraft.trim(), ...(tipsterId ? { tipsterId } : {}) });
    setPage(1);
  };
  const changeText = () => {
    if (!change) return null;
    if (!change.applied) return t('common.notChanged');
    if (change.kind === 'share')
      return t(change.hidden ? 'community.shareHidden' : 'community.shareShown', {
        code: change.code,
      });
    return t(change.hidden ? 'community.tipsterHidden' : 'community.tipsterShown', {
      id: change.tipsterId,
    });
  };
  const stateOf = (share: DeskShare) => {
    const states = [
      share.withdrawn ? t('community.states.withdrawn') : null,
      share.hidden ? t('community.states.hidden') : null,
      share.tipsterHidden ? t('community.states.tipsterHidden') : null,
    ].filter((state) => state !== null);
    return states.length > 0
      ? states.join(t('community.stateSeparator'))
      : t('community.states.visible');
  };
  const isBusy = hideShare.isPending || hideTipster.isPending;
  const labels = {
    code: t('community.code'),
    tipster: t('community.tipster'),
    privacy: t('community.privacy'),
    sports: t('community.sports'),
    createdAt: t('community.createdAt'),
    copies: t('community.copies'),
    state: t('community.state'),
    actions: t('common.actions'),
  };
  return (
    <section className="console-section">
      <h2>{t('community.title')}</h2>
      <p className="console-hint">{t('community.hint')}</p>
      <form className="console-row" onSubmit={search}>
        <Field label={t('community.code')}>
          <TextInput
            maxLength={10}
            value={codeDraft}
            testId="community-code"
            onValue={setCodeDraft}
          />
        </Field>
        <Field label={t('community.tipsterId')}>
          <TextInput
            inputMode="numeric"
            maxLength={15}
            value={tipsterDraft}
            testId="community-tipster"
            onValue={setTipsterDraft}
          />
        </Field>
        <FlagFilter
          label={t('community.hiddenFilter')}
          value={hidden}
          onlyTrue={t('community.onlyHidden')}
          onlyFalse={t('community.onlyShown')}
          testId="community-hidden-filter"
          onValue={(value) => {
            setHidden(value);
            setPage(1);
          }}
        />
        <button type="submit" className="console-button" data-testid="community-search">
          {t('common.search')}
        </button>
      </form>
      {problem ? (
        <p className="console-error" data-testid="community-problem">
          {problem}
        </p>
      ) : null}
      <Notice text={changeText()} testId="community-result" />
      <ErrorNote error={hideShare.error ?? hideTipster.error} testId="community-action-error" />
      <ErrorNote error={shares.error} testId="community-error" />
      {shares.data ? (
        <>
          <div className="console-cards">
            <table className="console-table console-table--cards" data-testid="community-shares">
              <thead>
                <tr>
                  {Object.entries(labels).map(([column, label]) => (
                    <th key={column}>{label}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {shares.data.records.map((share) => (
                  <tr
                    key={share.code}
                    data-testid={`community-share-${share.code}`}
                    data-hidden={share.hidden}
                    data-tipster-hidden={share.tipsterHidden}
                  >
                    <td data-label={labels.code}>
                      <code>{share.code}</code>
                    </td>
                    <td data-label={labels.tipster}>
                      <span>{`${share.account ?? '—'} (#${share.tipsterId})`}</span>
                    </td>
                    <td data-label={labels.privacy}>
                      <span>{t(`community.privacies.${share.privacy}`)}</span>
                    </td>
                    <td data-label={labels.sports} data-testid={`community-sports-${share.code}`}>
                      <span>
                        {share.sportIds.map((sportId) => sportNameOf(sportId, language)).join(', ')}
                      </span>
                    </td>
                    <td data-label={labels.createdAt}>
                      <span>{formatTime(share.createdAt)}</span>
                    </td>
                    <td data-label={labels.copies}>
                      <span>{share.copies}</span>
                    </td>
                    <td data-label={labels.state} data-testid={`community-state-${share.code}`}>
                      <span>{stateOf(share)}</span>
                    </td>
                    <td data-label={labels.actions}>
                      <div className="console-row">
                        <ReasonAction
                          label={share.hidden ? t('community.showShare') : t('community.hideShare')}
                          testId={`share-hide-${share.code}`}
                          isDanger={!share.hidden}
                          isBusy={isBusy}
                          onConfirm={(reason) =>
                            hideShare.mutate({ code: share.code, hidden: !share.hidden, reason })
                          }
                        />
                        <ReasonAction
                          label={
                            share.tipsterHidden
                              ? t('community.showTipster')
                              : t('community.hideTipster')
                          }
                          testId={`tipster-hide-${share.code}`}
                          isDanger={!share.tipsterHidden}
                          isBusy={isBusy}
                          onConfirm={(reason) =>
                            hideTipster.mutate({
                              tipsterId: share.tipsterId,
                              hidden: !share.tipsterHidden,
                              reason,
                            })
                          }
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {shares.data.records.length === 0 ? <p>{t('common.empty')}</p> : null}
          <Pager
            page={page}
            size={pageSize}
            total={shares.data.total}
            testId="community-pager"
            onPage={setPage}
          />
        </>
      ) : null}
    </section>
  );
}
