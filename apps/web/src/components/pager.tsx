import { useTranslation } from 'react-i18next';

/** The pager's test ids; each page names its own (the e2e suites select them). */
export interface PagerTestIds {
  root?: string;
  previous: string;
  page?: string;
  next: string;
}

interface PagerProps {
  /** The page shown, from 1. */
  page: number;
  /** How many pages there are (at least 1). */
  pages: number;
  onPage(page: number): void;
  /** The class that lays the pager out where it stands (`records-pager`, `wallet-pager`, …). */
  className: string;
  testIds: PagerTestIds;
  /** `long` (the default) reads "Page 2 of 5"; `short` reads "2 / 5". */
  label?: 'long' | 'short';
}

/** Previous and next buttons around "page of pages": the member site's lists that go by pages. */
export function Pager({ page, pages, onPage, className, testIds, label = 'long' }: PagerProps) {
  const { t } = useTranslation();
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
        {t(label === 'short' ? 'pager.pageShort' : 'pager.page', { page, pages })}
      </span>
      <button
        type="button"
        className="button button--ghost"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        data-testid={testIds.next}
      >
        {t('pager.next')}
      </button>
    </div>
  );
}
