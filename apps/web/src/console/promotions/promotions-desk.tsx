import {
  type CampaignStatus,
  campaignClose,
  campaignFund,
  campaignList,
  campaignPause,
  campaignResume,
  campaignStatuses,
  type DeskCampaign,
} from '@sb/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callConsole } from '../api/console-api';
import { ErrorNote, Field, Notice, Pager, SelectInput, useConsoleText } from '../components/ui';
import { CampaignCard } from './campaign-card';
import type { CampaignAction } from './campaign-draft';
import { CampaignForm } from './campaign-form';
import './promotions.css';

const pageSize = 10;
/** How often the open desk reads the campaigns' figures again. */
const refreshMs = 5_000;
const campaignsKey = ['promotionCampaigns'] as const;
const actionCalls = {
  fund: campaignFund,
  pause: campaignPause,
  resume: campaignResume,
  close: campaignClose,
} as const;

/**
 * The promotions desk: red-envelope campaigns newest first by status, each with its terms,
 * commitment and live figures (read again every few seconds while the desk is open and its tab
 * visible); a new campaign created as a draft, then funded, paused, resumed and closed, each
 * step with a reason the server keeps in the audit log.
 */
export function PromotionsDesk() {
  const { t } = useConsoleText();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<CampaignStatus | ''>('');
  const [page, setPage] = useState(1);
  const [isCreating, setIsCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const campaigns = useQuery({
    queryKey: [...campaignsKey, status, page],
    queryFn: () =>
      callConsole(campaignList, { ...(status ? { status } : {}), page, size: pageSize }),
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
  const act = useMutation({
    mutationFn: ({ action, id, reason }: { action: CampaignAction; id: number; reason: string }) =>
      callConsole(actionCalls[action], { id, reason }),
    onMutate: () => setNotice(null),
    onSuccess: (campaign, { action }) =>
      setNotice(
        t(`promotions.results.${action}`, {
          id: campaign.id,
          status: t(`promotions.statuses.${campaign.status}`),
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsKey }),
  });
  const created = (campaign: DeskCampaign) => {
    setIsCreating(false);
    setNotice(t('promotions.form.created', { id: campaign.id }));
    // The new draft is first of every list it belongs to.
    setStatus('');
    setPage(1);
    void queryClient.invalidateQueries({ queryKey: campaignsKey });
  };
  const records = campaigns.data?.records ?? [];
  return (
    <section className="console-section" data-testid="promotions-desk">
      <h2>{t('promotions.title')}</h2>
      <p className="console-hint">{t('promotions.hint')}</p>
      <div className="console-row">
        <Field label={t('common.status')}>
          <SelectInput<CampaignStatus | ''>
            value={status}
            testId="campaign-status-filter"
            choices={[
              { value: '', label: t('common.all') },
              ...campaignStatuses.map((value) => ({
                value,
                label: t(`promotions.statuses.${value}`),
              })),
            ]}
            onValue={(value) => {
              setStatus(value);
              setPage(1);
            }}
          />
        </Field>
        <button
          type="button"
          className="console-button console-button--quiet"
          data-testid="campaigns-refresh"
          onClick={() => void campaigns.refetch()}
        >
          {t('common.refresh')}
        </button>
        {isCreating ? null : (
          <button
            type="button"
            className="console-button"
            data-testid="campaign-new"
            onClick={() => {
              setNotice(null);
              setIsCreating(true);
            }}
          >
            {t('promotions.new')}
          </button>
        )}
      </div>
      {isCreating ? (
        <CampaignForm onCreated={created} onCancel={() => setIsCreating(false)} />
      ) : null}
      <Notice text={notice} testId="promotions-result" />
      <ErrorNote error={act.error} testId="promotions-action-error" />
      <ErrorNote error={campaigns.error} testId="promotions-error" />
      {campaigns.data ? (
        <>
          {records.length === 0 ? (
            <p data-testid="campaigns-empty">{t('common.empty')}</p>
          ) : (
            <div className="promo-cards" data-testid="campaigns">
              {records.map((campaign) => (
                <CampaignCard
                  key={campaign.id}
                  campaign={campaign}
                  isBusy={act.isPending}
                  onAction={(action, reason) => act.mutate({ action, id: campaign.id, reason })}
                />
              ))}
            </div>
          )}
          <Pager
            page={page}
            size={pageSize}
            total={campaigns.data.total}
            testId="campaigns-pager"
            onPage={setPage}
          />
        </>
      ) : null}
    </section>
  );
}
