import {
  type CampaignKind,
  type CampaignStatus,
  campaignClose,
  campaignFund,
  campaignKinds,
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
import { ActivityForm } from './activity-form';
import { useActivityPosts } from './activity-posts';
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

/** Which form is open: a red-envelope campaign's or an activity's. */
type Creating = 'envelope' | 'activity' | null;

/**
 * The promotions desk: campaigns of both kinds (red envelopes, activities) newest first by kind
 * and status, each with its terms (an envelope's commitment, an activity's post and rule) and
 * live figures (read again every few seconds while the desk is open and its tab
 * visible); a new campaign created as a draft, then funded, paused, resumed and closed, each
 * step with a reason the server keeps in the audit log.
 */
export function PromotionsDesk() {
  const { t } = useConsoleText();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<CampaignKind | ''>('');
  const [status, setStatus] = useState<CampaignStatus | ''>('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState<Creating>(null);
  const { posts } = useActivityPosts();
  const postTitles = new Map((posts.data?.records ?? []).map((post) => [post.id, post.title]));
  const [notice, setNotice] = useState<string | null>(null);
  const campaigns = useQuery({
    queryKey: [...campaignsKey, kind, status, page],
    queryFn: () =>
      callConsole(campaignList, {
        ...(kind ? { kind } : {}),
        ...(status ? { status } : {}),
        page,
        size: pageSize,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
  const act = useMutation({
    mutationFn: ({ action, id, reason }: { action: CampaignAction; id: number; reason: string }) =>
      callConsole(actionCalls[action], { id, reason }),
    onMutate: () => setNotice(null),
    onSuccess: (campaign, { action }) =>
      setNotice(
        // An activity has no seed: its close says only that the money went back.
        campaign.kind === 'activity' && action === 'close'
          ? t('promotions.activity.closed', { id: campaign.id })
          : t(`promotions.results.${action}`, {
              id: campaign.id,
              status: t(`promotions.statuses.${campaign.status}`),
            }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsKey }),
  });
  const created = (campaign: DeskCampaign) => {
    setCreating(null);
    setNotice(
      t(
        campaign.kind === 'activity'
          ? 'promotions.activity.form.created'
          : 'promotions.form.created',
        { id: campaign.id },
      ),
    );
    // The new draft is first of every list it belongs to.
    setKind('');
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
        <Field label={t('promotions.kind')}>
          <SelectInput<CampaignKind | ''>
            value={kind}
            testId="campaign-kind-filter"
            choices={[
              { value: '', label: t('common.all') },
              ...campaignKinds.map((value) => ({
                value,
                label: t(`promotions.kinds.${value}`),
              })),
            ]}
            onValue={(value) => {
              setKind(value);
              setPage(1);
            }}
          />
        </Field>
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
        {creating ? null : (
          <>
            <button
              type="button"
              className="console-button"
              data-testid="campaign-new"
              onClick={() => {
                setNotice(null);
                setCreating('envelope');
              }}
            >
              {t('promotions.new')}
            </button>
            <button
              type="button"
              className="console-button"
              data-testid="activity-new"
              onClick={() => {
                setNotice(null);
                setCreating('activity');
              }}
            >
              {t('promotions.newActivity')}
            </button>
          </>
        )}
      </div>
      {creating === 'envelope' ? (
        <CampaignForm onCreated={created} onCancel={() => setCreating(null)} />
      ) : null}
      {creating === 'activity' ? (
        <ActivityForm onCreated={created} onCancel={() => setCreating(null)} />
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
                  postTitle={
                    campaign.activity ? postTitles.get(campaign.activity.postId) : undefined
                  }
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
