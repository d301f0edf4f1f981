import { type Share, shareFeeds } from '@sb/contract';
import { fromOddsUnits } from '@sb/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BetLegs } from '../../../components/bet-legs';
import { Pager, type PagerLook } from '../../../components/pager';
import { formatDisplayTime } from '../../../lib/display-time';
import { useDialogStore } from '../../../lib/session/dialog-store';
import { useSessionStore } from '../../../lib/session/session-store';
import {
  refusalKeyOf,
  type ShareFeed,
  setFollowing,
  shareFeedPageSize,
  tipsterProfileKey,
  useShareFeed,
  useTipsterProfile,
} from '../api/share-api';
import { feedPages } from '../model/feed-pages';
import { percentOfUnits } from '../model/figures';
import { orderLegsOf, statusTextOf } from './share-parts';
import './shares.css';

const feedTextKeys: Record<ShareFeed, string> = {
  latest: 'sharesTab.latest',
  most_copied: 'sharesTab.mostCopied',
  following: 'sharesTab.following',
};

/** The sports a feed can be narrowed to, named by the match board's texts. */
export const sportFilters = [
  { sportId: 1, key: 'football' },
  { sportId: 2, key: 'basketball' },
  { sportId: 3, key: 'tennis' },
  { sportId: 4, key: 'volleyball' },
  { sportId: 5, key: 'iceHockey' },
  { sportId: 20, key: 'tableTennis' },
  { sportId: 23, key: 'badminton' },
  { sportId: 31, key: 'esports' },
] as const;

const feedPager: PagerLook = {
  className: 'pager',
  testIds: { previous: 'shares-previous', next: 'shares-next' },
  onePage: 'hidden',
};

/**
 * The filters above a community list: one of `options` chosen by its button, and the sport
 * (`0` for all). Each says what is chosen; the list goes back to its first page on a change,
 * which `onChoose` and `onSport` do.
 */
export function ListFilters<Option extends string | number>({
  legend,
  options,
  chosen,
  onChoose,
  labelOf,
  testIdOf,
  sportId,
  onSport,
  sportTestId,
}: {
  legend?: string;
  options: readonly Option[];
  chosen: Option;
  onChoose(option: Option): void;
  labelOf(option: Option): string;
  testIdOf(option: Option): string;
  sportId: number;
  onSport(sportId: number): void;
  sportTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="shares-tab__filters">
      <fieldset className="shares-tab__feeds">
        {legend !== undefined ? <legend className="visually-hidden">{legend}</legend> : null}
        {options.map((option) => (
          <button
            key={option}
            type="button"
            className={option === chosen ? 'shares-feed__button is-active' : 'shares-feed__button'}
            aria-pressed={option === chosen}
            onClick={() => onChoose(option)}
            data-testid={testIdOf(option)}
          >
            {labelOf(option)}
          </button>
        ))}
      </fieldset>
      <select
        className="field__input shares-tab__sport"
        aria-label={t('sharesTab.sport')}
        value={sportId}
        onChange={(event) => onSport(Number(event.target.value))}
        data-testid={sportTestId}
      >
        <option value={0}>{t('sharesTab.allSports')}</option>
        {sportFilters.map((sport) => (
          <option key={sport.sportId} value={sport.sportId}>
            {t(`sportsBoard.sport.${sport.key}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

function ShareCard({ share, onTipster }: { share: Share; onTipster(id: number): void }) {
  const { t } = useTranslation();
  const prefix = useLocation().pathname.startsWith('/mini') ? '/mini' : '';
  const { placed } = share;
  return (
    <li className="share-card" data-testid="share-card" data-code={share.code}>
      <div className="share-card__head">
        <strong>
          {placed.legs.length > 1
            ? t('sharePage.parlay', { count: placed.legs.length })
            : t('sharePage.single')}
        </strong>
        <span className="share-card__status">{statusTextOf(share, t)}</span>
      </div>
      {placed.tipster ? (
        <button
          type="button"
          className="link-button share-card__tipster"
          onClick={() => placed.tipster && onTipster(placed.tipster.id)}
          data-testid="share-tipster-open"
        >
          {placed.tipster.name}
        </button>
      ) : (
        <span className="muted">{t('sharePage.anonymous')}</span>
      )}
      {placed.comment ? <p className="share-card__comment">{placed.comment}</p> : null}
      <BetLegs legs={orderLegsOf(share)} isCompact />
      <div className="share-card__foot">
        <span>
          {t(placed.legs.length > 1 ? 'sharePage.combinedOdds' : 'sharePage.odds')}{' '}
          <strong>{fromOddsUnits(placed.odds).toFixed(2)}</strong>
        </span>
        <span className="muted">
          {t('sharesTab.copies', { count: share.copies })} · {formatDisplayTime(placed.sharedAt)}
        </span>
        <Link
          className="link-button"
          to={`${prefix}/share/${share.code}`}
          data-testid="share-card-open"
        >
          {t('sharesTab.open')}
        </Link>
      </div>
    </li>
  );
}

/** A tipster's figures and follow/unfollow; a visitor who follows is sent to log in. */
export function TipsterPanel({ tipsterId, onClose }: { tipsterId: number; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const memberId = useSessionStore((state) => state.session?.memberId ?? 0);
  const profile = useTipsterProfile(tipsterId, memberId);
  const [isSending, setIsSending] = useState(false);

  async function toggleFollow(isFollowing: boolean) {
    if (memberId <= 0) {
      useDialogStore.getState().openDialog('login');
      return;
    }
    setIsSending(true);
    try {
      await setFollowing(tipsterId, isFollowing);
      await queryClient.invalidateQueries({ queryKey: tipsterProfileKey(tipsterId) });
      await queryClient.invalidateQueries({ queryKey: ['share-list', 'following'] });
    } catch {
      // The API client has said why.
    } finally {
      setIsSending(false);
    }
  }

  return (
    <aside className="tipster-panel" data-testid="tipster-panel" data-tipster-id={tipsterId}>
      <div className="tipster-panel__head">
        <h2 className="tipster-panel__name">{profile.data?.name ?? t('sharesTab.tipster')}</h2>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('sharesTab.closeTipster')}
        </button>
      </div>
      {profile.isPending ? <p className="muted">{t('sharePage.loading')}</p> : null}
      {profile.isError ? (
        <p className="muted" data-testid="tipster-refused">
          {t(refusalKeyOf(profile.error) ?? 'sharePage.loadFailed')}
        </p>
      ) : null}
      {profile.data ? (
        <>
          <dl className="share-facts">
            <dt>{t('sharesTab.settledShares')}</dt>
            <dd data-testid="tipster-settled">{profile.data.settledShares}</dd>
            <dt>{t('sharesTab.winRate')}</dt>
            <dd data-testid="tipster-win-rate">{percentOfUnits(profile.data.winRate)}</dd>
            <dt>{t('sharesTab.yield')}</dt>
            <dd data-testid="tipster-yield">{percentOfUnits(profile.data.yield)}</dd>
            <dt>{t('sharesTab.longestStreak')}</dt>
            <dd>{profile.data.longestWinStreak}</dd>
            <dt>{t('sharesTab.followers')}</dt>
            <dd data-testid="tipster-followers">{profile.data.followers}</dd>
          </dl>
          {memberId !== tipsterId ? (
            <button
              type="button"
              className={
                profile.data.isFollowed ? 'button button--secondary' : 'button button--primary'
              }
              disabled={isSending}
              aria-pressed={profile.data.isFollowed}
              onClick={() => toggleFollow(!profile.data.isFollowed)}
              data-testid="tipster-follow"
              data-followed={profile.data.isFollowed}
            >
              {t(profile.data.isFollowed ? 'sharesTab.unfollow' : 'sharesTab.follow')}
            </button>
          ) : null}
        </>
      ) : null}
    </aside>
  );
}

/**
 * The community page's Shares tab: a feed of shares (latest, most copied, or of the tipsters the
 * member follows), by sport, paged; a tipster's name opens their profile with follow/unfollow.
 */
export function SharesTab() {
  const { t } = useTranslation();
  const isMember = useSessionStore((state) => (state.session?.memberId ?? 0) > 0);
  const [feed, setFeed] = useState<ShareFeed>('latest');
  const [sportId, setSportId] = useState(0);
  const [page, setPage] = useState(1);
  const [tipsterId, setTipsterId] = useState<number | null>(null);
  const shownFeed = feed === 'following' && !isMember ? 'latest' : feed;
  const list = useShareFeed(shownFeed, sportId || undefined, page);
  const { pages, isOpenEnded } = feedPages(list.data, shareFeedPageSize);
  const feeds = shareFeeds.filter((entry) => entry !== 'following' || isMember);

  return (
    <div className="shares-tab" data-testid="shares-tab">
      <ListFilters
        options={feeds}
        chosen={shownFeed}
        onChoose={(entry) => {
          setFeed(entry);
          setPage(1);
        }}
        labelOf={(entry) => t(feedTextKeys[entry])}
        testIdOf={(entry) => `shares-feed-${entry}`}
        sportId={sportId}
        onSport={(id) => {
          setSportId(id);
          setPage(1);
        }}
        sportTestId="shares-sport"
      />
      {tipsterId !== null ? (
        <TipsterPanel tipsterId={tipsterId} onClose={() => setTipsterId(null)} />
      ) : null}
      {list.isPending ? <p className="muted">{t('sharePage.loading')}</p> : null}
      {list.isError ? <p className="muted">{t('sharePage.loadFailed')}</p> : null}
      {list.data && list.data.records.length === 0 ? (
        <p className="muted" data-testid="shares-empty">
          {t(shownFeed === 'following' ? 'sharesTab.emptyFollowing' : 'sharesTab.empty')}
        </p>
      ) : null}
      <ul className="shares-tab__list">
        {list.data?.records.map((share) => (
          <ShareCard key={share.code} share={share} onTipster={setTipsterId} />
        ))}
      </ul>
      <Pager
        page={page}
        pages={pages}
        isOpenEnded={isOpenEnded}
        onPage={setPage}
        look={feedPager}
      />
    </div>
  );
}
