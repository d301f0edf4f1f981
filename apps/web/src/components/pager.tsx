import { useTranslation } from 'react-i18next';

/** How a pager stands on its page: each page keeps its own layout class and test ids. */
export interface PagerLook {
  /** The class that lays the pager out where it stands (`records-pager`, `wallet-pager`, …). */
  className: string;
  /** The e2e suites select these. */
  testIds: { root?: string; previous: string; page?: string; next: string };
  /** `long` (the default) reads "Page 2 of 5"; `short` reads "2 / 5". */
  label?: 'long' | 'short';
  /** A list of one page shows the pager (`shown`, the default) or no pager at all (`hidden`). */
  onePage?: 'shown' | 'hidden';
}

/** How many pages `total` items make at `size` a page; at least one. */
export function pageCountOf(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

interface PagerProps {
  /** The page shown, from 1. */
  page: number;
  /** How many pages there are (at least 1), or are known of when `isOpenEnded`. */
  pages: number;
  /** More pages follow the ones counted: shown as "50+", the next button left on. */
  isOpenEnded?: boolean;
  onPage(page: number): void;
  look: PagerLook;
}

/** Previous and next buttons around "page of pages": the member site's lists that go by pages. */
export function Pager({ page, pages, isOpenEnded = false, onPage, look }: PagerProps) {
  const { t } = useTranslation();
  const { className, testIds, label = 'long', onePage = 'shown' } = look;
  if (pages <= 1 && !isOpenEnded && onePage === 'hidden') return null;
  return (
    <div className={className} data-testid={testIds.root}>
      <button
        type="button"
        className="button button--ghost"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        data-testid={testIds.previous}
      >
        {t('pager.previous')}
      </button>
      <span data-testid={testIds.page}>
        {t(label === 'short' ? 'pager.pageShort' : 'pager.page', {
          page,
          pages: isOpenEnded ? `${pages}+` : pages,
        })}
      </span>
      <button
        type="button"
        className="button button--ghost"
        disabled={page >= pages && !isOpenEnded}
        onClick={() => onPage(page + 1)}
        data-testid={testIds.next}
      >
        {t('pager.next')}
      </button>
    </div>
  );
}
