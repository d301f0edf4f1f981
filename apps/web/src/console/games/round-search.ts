import {
  type CallInput,
  type deskGameFigures,
  type deskGameRoundList,
  type GameRoundStatus,
  gameIdField,
  gameRoundNoField,
} from '@sb/contract';
import { epochMsOfLocalInput } from '../components/local-time';
import { parsePositiveId } from '../components/money';

/** What the rounds' search form holds: as typed, times as `datetime-local` values. */
export interface RoundSearchDraft {
  userId: string;
  gameId: string;
  roundNo: string;
  status: GameRoundStatus | '';
  from: string;
  to: string;
}

export const emptyRoundSearch: RoundSearchDraft = {
  userId: '',
  gameId: '',
  roundNo: '',
  status: '',
  from: '',
  to: '',
};

export type RoundFilters = Omit<CallInput<typeof deskGameRoundList>, 'page' | 'size'>;
export type FiguresWindow = CallInput<typeof deskGameFigures>;

export type RoundSearchProblem =
  | 'userIdInvalid'
  | 'gameIdInvalid'
  | 'roundNoInvalid'
  | 'fromInvalid'
  | 'toInvalid'
  | 'toBeforeFrom';

/** A time window of two `datetime-local` values, either open; or the first problem with it. */
export function windowOf(
  from: string,
  to: string,
): { window: FiguresWindow } | { problem: RoundSearchProblem } {
  const startTime = from.trim() ? epochMsOfLocalInput(from) : undefined;
  if (startTime === null) return { problem: 'fromInvalid' };
  const endTime = to.trim() ? epochMsOfLocalInput(to) : undefined;
  if (endTime === null) return { problem: 'toInvalid' };
  if (startTime !== undefined && endTime !== undefined && endTime <= startTime)
    return { problem: 'toBeforeFrom' };
  return {
    window: {
      ...(startTime !== undefined ? { startTime } : {}),
      ...(endTime !== undefined ? { endTime } : {}),
    },
  };
}

/**
 * The search's filters, only those typed, checked as the call checks them so a mistyped field
 * is named here rather than refused by the server; or the first problem.
 */
export function roundFiltersOf(
  draft: RoundSearchDraft,
): { filters: RoundFilters } | { problem: RoundSearchProblem } {
  const filters: RoundFilters = {};
  if (draft.userId.trim()) {
    const userId = parsePositiveId(draft.userId);
    if (userId === null) return { problem: 'userIdInvalid' };
    filters.userId = userId;
  }
  if (draft.gameId.trim()) {
    const gameId = gameIdField().safeParse(draft.gameId);
    if (!gameId.success) return { problem: 'gameIdInvalid' };
    filters.gameId = gameId.data;
  }
  if (draft.roundNo.trim()) {
    const roundNo = gameRoundNoField().safeParse(draft.roundNo.toUpperCase());
    if (!roundNo.success) return { problem: 'roundNoInvalid' };
    filters.roundNo = roundNo.data;
  }
  if (draft.status) filters.status = draft.status;
  const window = windowOf(draft.from, draft.to);
  if ('problem' in window) return window;
  return { filters: { ...filters, ...window.window } };
}
