import { errorCatalogue } from '@sb/contract';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Pager, type PagerLook, pageCountOf } from '../../../components/pager';
import { ApiError } from '../../../lib/api-client';
import { newsPageSize } from '../api/news-api';
import { paragraphsOf, postIdOf } from '../model/post-text';

const listPager: PagerLook = {
  className: 'news-pager',
  testIds: { root: 'news-pager', previous: 'news-previous', next: 'news-next' },
  onePage: 'hidden',
};

/** What the address says is open (`?news=12`), and the way to an item and back. */
export function useOpenItem(param: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const openId = postIdOf(searchParams.get(param));
  /** The address of an item, with the rest of the address (the tab) kept. */
  const linkTo = (id: number) => {
    const next = new URLSearchParams(searchParams);
    next.set(param, String(id));
    return `?${next.toString()}`;
  };
  /**
   * Back to the list: a step back in history when the list opened the item (so a phone's Back
   * and this button do the same), the list's address otherwise (a link or a reload).
   */
  const close = () => {
    if ((location.state as { fromList?: boolean } | null)?.fromList) {
      void navigate(-1);
      return;
    }
    const next = new URLSearchParams(searchParams);
    next.delete(param);
    setSearchParams(next, { replace: true });
  };
  return { openId, linkTo, close };
}

/** A link that opens an item over its list, a step in history. */
export function ItemLink({
  to,
  className,
  children,
  testId,
}: {
  to: string;
  className: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Link to={to} state={{ fromList: true }} className={className} data-testid={testId}>
      {children}
    </Link>
  );
}

/** A text as written: paragraphs at blank lines, line breaks kept, nothing read as markup. */
export function PostText({ text, testId }: { text: string; testId?: string }) {
  return (
    <div className="news-text" data-testid={testId}>
      {paragraphsOf(text).map((paragraph, index) => (
        // Paragraphs have no identity but their place; the text does not change under them.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

/** The view of one item: a way back, then its heading (focused when it opens) and contents. */
export function ItemView({
  backText,
  onBack,
  title,
  testId,
  children,
}: {
  backText: string;
  onBack(): void;
  title: string | null;
  testId: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement | null>(null);
  useEffect(() => {
    if (title !== null) heading.current?.focus({ preventScroll: false });
  }, [title]);
  return (
    <article className="news-view" data-testid={testId}>
      <button type="button" className="news-view__back" onClick={onBack} data-testid="news-back">
        <span aria-hidden="true">‹</span> {backText}
      </button>
      {title !== null ? (
        <h2 ref={heading} className="news-view__title" tabIndex={-1}>
          {title}
        </h2>
      ) : null}
      {children}
    </article>
  );
}

/** Where a read stands when it has nothing to show yet: loading, failed (with a retry) or empty. */
export function ReadState({
  state,
  emptyText,
  onRetry,
}: {
  state: 'loading' | 'failed' | 'empty';
  emptyText: string;
  onRetry(): void;
}) {
  const { t } = useTranslation();
  if (state === 'loading') return <p className="muted news-state">{t('news.loading')}</p>;
  if (state === 'empty')
    return (
      <p className="muted news-state" data-testid="news-empty">
        {emptyText}
      </p>
    );
  return (
    <div className="news-state" data-testid="news-failed">
      <p className="muted">{t('news.loadFailed')}</p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        {t('news.retry')}
      </button>
    </div>
  );
}

/** A read of one item, as its view needs it while the item is not there. */
interface ItemRead {
  isError: boolean;
  error: unknown;
  refetch(): unknown;
}

/**
 * An item's view while it has no item to show: the item does not exist (or is no longer shown),
 * the read failed (with a retry), or it is still loading.
 */
export function ItemReadState({ read, notFoundText }: { read: ItemRead; notFoundText: string }) {
  const isMissing =
    read.error instanceof ApiError && read.error.code === errorCatalogue.CONTENT_NOT_FOUND.code;
  if (read.isError && isMissing)
    return (
      <p className="muted news-state" data-testid="news-not-found">
        {notFoundText}
      </p>
    );
  return (
    <ReadState
      state={read.isError ? 'failed' : 'loading'}
      emptyText=""
      onRetry={() => void read.refetch()}
    />
  );
}

/** A read of one page of a list. */
interface PageRead<Item> {
  data?: { records: Item[]; total: number };
  isError: boolean;
  refetch(): unknown;
}

/**
 * A tab's list, a page at a time: the page's items as `children` lays them out, with the pager
 * below; a state line in their place while there are none to show (loading, failed or empty).
 */
export function PagedList<Item>({
  list,
  page,
  onPage,
  label,
  emptyText,
  children,
}: {
  list: PageRead<Item>;
  page: number;
  onPage(page: number): void;
  label: string;
  emptyText: string;
  children(records: Item[]): ReactNode;
}) {
  const records = list.data?.records ?? [];
  if (records.length === 0)
    return (
      <ReadState
        state={list.isError ? 'failed' : list.data ? 'empty' : 'loading'}
        emptyText={emptyText}
        onRetry={() => void list.refetch()}
      />
    );
  return (
    <section aria-label={label} className="news-section">
      {children(records)}
      <Pager
        page={page}
        pages={pageCountOf(list.data?.total ?? 0, newsPageSize)}
        onPage={onPage}
        look={listPager}
      />
    </section>
  );
}
