import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDisplayTime } from '../../../lib/display-time';
import { useArticle, useNewsPage } from '../api/news-api';
import { excerptOf } from '../model/post-text';
import { ItemLink, ItemReadState, ItemView, PagedList, PostText, useOpenItem } from './post-parts';
import './news.css';

/** One article (or notice) on its own, at `?news=<id>`. */
function ArticleView({ id, onBack }: { id: number; onBack(): void }) {
  const { t } = useTranslation();
  const article = useArticle(id);
  const data = article.data;
  return (
    <ItemView
      backText={t('news.backToNews')}
      onBack={onBack}
      title={data?.title ?? null}
      testId="news-article"
    >
      {data ? (
        <>
          <p className="news-meta">
            <span className={`news-kind news-kind--${data.kind}`}>
              {data.kind === 'news' ? t('news.article') : t('news.notice')}
            </span>
            <time dateTime={new Date(data.startsAt).toISOString()}>
              {t('news.published', { time: formatDisplayTime(data.startsAt) })}
            </time>
          </p>
          {data.body !== '' ? <PostText text={data.body} testId="news-article-body" /> : null}
        </>
      ) : (
        <ItemReadState read={article} notFoundText={t('news.notFound')} />
      )}
    </ItemView>
  );
}

/** News and notices, newest first; a news item opens as an article with a way back. */
export function NewsTab() {
  const { t } = useTranslation();
  const { openId, linkTo, close } = useOpenItem('news');
  const [page, setPage] = useState(1);
  const list = useNewsPage(page);
  if (openId !== null) return <ArticleView key={openId} id={openId} onBack={close} />;
  return (
    <PagedList
      list={list}
      page={page}
      onPage={setPage}
      label={t('news.listLabel')}
      emptyText={t('news.empty')}
    >
      {(records) => (
        <ul className="news-list" data-testid="news-list">
          {records.map((record) => {
            const meta = (
              <span className="news-meta">
                <span className={`news-kind news-kind--${record.kind}`}>
                  {record.kind === 'news' ? t('news.article') : t('news.notice')}
                </span>
                <time dateTime={new Date(record.startsAt).toISOString()}>
                  {formatDisplayTime(record.startsAt)}
                </time>
              </span>
            );
            return (
              <li
                key={record.id}
                className="news-item"
                data-testid="news-item"
                data-kind={record.kind}
                data-id={record.id}
              >
                {record.kind === 'news' ? (
                  <ItemLink to={linkTo(record.id)} className="news-item__link" testId="news-open">
                    {meta}
                    <span className="news-item__title">{record.title}</span>
                    <span className="news-item__excerpt">{excerptOf(record.body)}</span>
                    <span className="news-item__more">{t('news.read')}</span>
                  </ItemLink>
                ) : (
                  <div className="news-item__static">
                    {meta}
                    <span className="news-item__notice">{record.title}</span>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </PagedList>
  );
}
