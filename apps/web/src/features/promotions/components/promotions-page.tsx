import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDialogStore } from '../../../lib/session/dialog-store';
import { selectMemberId, useSessionStore } from '../../../lib/session/session-store';
import { refusalKeyOf, useEnvelopeCampaigns } from '../api/promotion-calls';
import { useEnvelopePush } from '../hooks/use-envelope-push';
import { orderedCampaigns } from '../model/campaigns';
import { EnvelopeCampaign } from './envelope-campaign';
import './promotions.css';

const tabs = ['all', 'mine'] as const;
type Tab = (typeof tabs)[number];

/**
 * The promotions page, #/promotions and #/mini/promotions: the member's red-envelope campaigns
 * (running first, then coming up, then closed with the draw checked here) and, in `mine`, the
 * envelopes they grabbed. Kept fresh by the `envelope` push. Visitors are asked to sign in and demo
 * players are told the campaigns are for real-money members only.
 */
export function PromotionsPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'mine' ? 'mine' : 'all';
  const memberId = useSessionStore(selectMemberId);
  const isDemo = useSessionStore((state) => state.kind === 'demo');
  const canTakePart = memberId > 0 && !isDemo;
  useEnvelopePush();

  return (
    <section className="panel promotions-page" data-testid="promotions-page">
      <h1 className="panel__title">{t('promotions.title')}</h1>
      {canTakePart && (
        <div
          className="promotions-tabs scroll-row"
          role="tablist"
          aria-label={t('promotions.title')}
        >
          {tabs.map((id) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={id === tab}
              className={id === tab ? 'promotions-tabs__tab is-active' : 'promotions-tabs__tab'}
              onClick={() => setSearchParams(id === 'all' ? {} : { tab: id }, { replace: true })}
              data-testid="promotions-tab"
              data-tab={id}
            >
              {t(`promotions.tabs.${id}`)}
            </button>
          ))}
        </div>
      )}
      {isDemo ? (
        <DemoNote />
      ) : canTakePart ? (
        <CampaignList memberId={memberId} tab={tab} />
      ) : (
        <SignInAsk />
      )}
    </section>
  );
}

/** A demo player is signed in, but plays with demo money: promotions pay real money only. */
function DemoNote() {
  const { t } = useTranslation();
  return (
    <div className="promotions-note" data-testid="promotions-demo">
      <p>{t('promotions.demo')}</p>
    </div>
  );
}

function SignInAsk() {
  const { t } = useTranslation();
  const openDialog = useDialogStore((state) => state.openDialog);
  return (
    <div className="promotions-note" data-testid="promotions-sign-in">
      <p>{t('promotions.signIn')}</p>
      <button type="button" className="button button--primary" onClick={() => openDialog('login')}>
        {t('promotions.signInAction')}
      </button>
    </div>
  );
}

function CampaignList({ memberId, tab }: { memberId: number; tab: Tab }) {
  const { t } = useTranslation();
  const campaigns = useEnvelopeCampaigns(memberId, tab === 'mine');
  if (campaigns.isPending)
    return (
      <p className="muted" data-testid="promotions-loading">
        {t('promotions.loading')}
      </p>
    );
  if (campaigns.isError) {
    const refusal = refusalKeyOf(campaigns.error);
    return (
      <div className="promotions-note" data-testid="promotions-failed">
        <p>{t(refusal ?? 'promotions.loadFailed')}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void campaigns.refetch()}
        >
          {t('promotions.retry')}
        </button>
      </div>
    );
  }
  const records = orderedCampaigns(campaigns.data.records);
  if (records.length === 0)
    return (
      <p className="muted promotions-note" data-testid="promotions-empty">
        {t(tab === 'mine' ? 'promotions.emptyMine' : 'promotions.empty')}
      </p>
    );
  return (
    <div className="promotions-list" data-testid="promotions-list" data-tab={tab}>
      {records.map((campaign) => (
        <EnvelopeCampaign key={campaign.id} campaign={campaign} />
      ))}
    </div>
  );
}
