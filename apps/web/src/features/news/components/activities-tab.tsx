import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActivities, useActivity } from '../api/news-api';
import { activityLinkOf, activityPeriodOf } from '../model/post-text';
import { ItemLink, ItemReadState, ItemView, PagedList, PostText, useOpenItem } from './post-parts';
import './news.css';

/** An activity's window, in the display zone. */
function Period({ startsAt, endsAt }: { startsAt: number; endsAt: number | null }) {
  const { t } = useTranslation();
  const period = activityPeriodOf(startsAt, endsAt);
  return (
    <span className="news-meta" data-testid="activity-period">
      {period.until === null
        ? t('news.periodOpen', { from: period.from })
        : t('news.period', { from: period.from, until: period.until })}
    </span>
  );
}

/** An activity's picture; one that does not load leaves no empty box behind. */
function ActivityImage({ url, className }: { url: string | null; className: string }) {
  const [isBroken, setBroken] = useState(false);
  if (url === null || isBroken) return null;
  return (
    <img
      className={className}
      src={url}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setBroken(true)}
    />
  );
}

/** Where the activity leads, when it leads anywhere. */
function ActivityLink({ linkUrl }: { linkUrl: string | null }) {
  const { t } = useTranslation();
  const link = activityLinkOf(linkUrl);
  if (link === null) return null;
  return link.kind === 'route' ? (
    <Link className="button button--primary news-view__action" to={link.to}>
      {t('news.goToOffer')}
    </Link>
  ) : (
    <a
      className="button button--primary news-view__action"
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
    >
      {t('news.goToOffer')}
    </a>
  );
}

/**
 * What another feature shows of an activity post below its terms (the rule it pays by and the
 * member's standing), handed in by the page that composes the features.
 */
export type ActivityDetailPart = ComponentType<{ postId: number }>;

/** One activity with its text and terms, at `?activity=<id>`. */
function ActivityView({
  id,
  onBack,
  DetailPart,
}: {
  id: number;
  onBack(): void;
  DetailPart?: ActivityDetailPart;
}) {
  const { t } = useTranslation();
  const activity = useActivity(id);
  const data = activity.data;
  return (
    <ItemView
      backText={t('news.backToActivities')}
      onBack={onBack}
      title={data?.title ?? null}
      testId="activity-detail"
    >
      {data ? (
        <>
          <Period startsAt={data.startsAt} endsAt={data.endsAt} />
          <ActivityImage url={data.imageUrl} className="news-view__image" />
          <PostText text={data.body} testId="activity-body" />
          <section className="news-terms" data-testid="activity-terms">
            <h3 className="news-terms__title">{t('news.terms')}</h3>
            {data.rules !== null && data.rules.trim() !== '' ? (
              <PostText text={data.rules} />
            ) : (
              <p className="muted">{t('news.noTerms')}</p>
            )}
          </section>
          {DetailPart ? <DetailPart postId={data.id} /> : null}
          <ActivityLink linkUrl={data.linkUrl} />
        </>
      ) : (
        <ItemReadState read={activity} notFoundText={t('news.activityNotFound')} />
      )}
    </ItemView>
  );
}

/** The activities running now; each opens with its text and terms (and `DetailPart`). */
export function ActivitiesTab({ DetailPart }: { DetailPart?: ActivityDetailPart }) {
  const { t } = useTranslation();
  const { openId, linkTo, close } = useOpenItem('activity');
  const [page, setPage] = useState(1);
  const list = useActivities(page);
  if (openId !== null)
    return <ActivityView key={openId} id={openId} onBack={close} DetailPart={DetailPart} />;
  return (
    <PagedList
      list={list}
      page={page}
      onPage={setPage}
      label={t('news.activitiesLabel')}
      emptyText={t('news.activitiesEmpty')}
    >
      {(records) => (
        <ul className="news-list news-list--activities" data-testid="activity-list">
          {records.map((record) => (
            <li
              key={record.id}
              className="news-item"
              data-testid="activity-item"
              data-id={record.id}
            >
              <ItemLink to={linkTo(record.id)} className="news-item__link" testId="activity-open">
                <ActivityImage url={record.imageUrl} className="news-item__image" />
                <span className="news-item__title">{record.title}</span>
                <Period startsAt={record.startsAt} endsAt={record.endsAt} />
                <span className="news-item__more">{t('news.details')}</span>
              </ItemLink>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
