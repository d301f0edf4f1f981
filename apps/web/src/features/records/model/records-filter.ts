import { betType, openOrderStatuses, orderStatus, settledOrderStatuses } from '@sb/contract';

/** The lists of the records page's tabs (docs/betting.md "Statistics"). */
export type RecordsTab = 'settled' | 'open' | 'movements';

/**
 * The filter header's choices (SPEC §2 records page): null means all. The server filters and
 * pages (docs/betting.md, "Filters of the two order lists").
 */
export interface RecordsFilter {
  sportId: number | null;
  status: number | null;
  betType: number | null;
}

export const noRecordsFilter: RecordsFilter = { sportId: null, status: null, betType: null };

/** The bet lists take the filter; balance movements are not bets and take none. */
export function tabTakesFilter(tab: RecordsTab): tab is 'settled' | 'open' {
  return tab !== 'movements';
}

/** The statuses the tab's list can hold, for the status choice. */
export function statusOptionsOf(tab: 'settled' | 'open'): readonly number[] {
  return tab === 'settled' ? settledOrderStatuses : openOrderStatuses;
}

export const betTypeOptions: readonly number[] = [betType.single, betType.parlay];

/**
 * The filter kept when the member changes tab: the sport and the bet type mean the same on both
 * bet lists, a status belongs to one list only.
 */
export function filterForTab(filter: RecordsFilter, tab: RecordsTab): RecordsFilter {
  if (!tabTakesFilter(tab)) return filter;
  const keepsStatus = filter.status !== null && statusOptionsOf(tab).includes(filter.status);
  return keepsStatus ? filter : { ...filter, status: null };
}

/** The call's fields for the filter: only the choices made. */
export function filterFieldsOf(filter: RecordsFilter): {
  sportId?: number;
  status?: number;
  betType?: number;
} {
  return {
    ...(filter.sportId === null ? {} : { sportId: filter.sportId }),
    ...(filter.status === null ? {} : { status: filter.status }),
    ...(filter.betType === null ? {} : { betType: filter.betType }),
  };
}

export function isFiltered(filter: RecordsFilter): boolean {
  return filter.sportId !== null || filter.status !== null || filter.betType !== null;
}

/** i18n keys of the statuses, by SPEC's order status. */
export const statusTextKeys: Record<number, string> = {
  [orderStatus.pending]: 'records.statusPending',
  [orderStatus.accepted]: 'records.statusAccepted',
  [orderStatus.rejected]: 'records.statusRejected',
  [orderStatus.settled]: 'records.statusSettled',
  [orderStatus.cashedOut]: 'records.statusCashedOut',
  [orderStatus.void]: 'records.statusVoid',
};
