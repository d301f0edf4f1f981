import { pageCountOf } from '../../../components/pager';

/** A feed answer's count: `total` shares, and whether more follow them (`share/list`). */
export interface FeedCount {
  total: number;
  totalCapped: boolean;
}

/**
 * The pager's pages of a feed answer: every page the count covers holds shares (no empty page);
 * a capped count is open-ended ("50+"), and since each answer counts 1000 shares past its own
 * page, the pages grow as the reader goes on until the last one is counted exactly.
 */
export function feedPages(
  count: FeedCount | undefined,
  size: number,
): { pages: number; isOpenEnded: boolean } {
  return {
    pages: pageCountOf(count?.total ?? 0, size),
    isOpenEnded: count?.totalCapped ?? false,
  };
}
