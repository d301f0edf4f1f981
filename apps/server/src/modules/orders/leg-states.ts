import {
  isAcceptedInCancelWindow,
  type LegState,
  ODDS_SCALE,
  outcomeFromFeed,
  settleSelection,
  VOID_OUTCOME,
} from '@sb/domain';
import type { CancellationRecord, SettlementRecord } from '../catalogue/catalogue.service';

/** What the catalogue says of one event: its standing settlements and cancellations. */
export interface EventFacts {
  settlements: SettlementRecord[];
  cancellations: CancellationRecord[];
}

export interface LegToRead {
  eventId: number;
  playId: number;
  specifiers: string;
  outcomeId: string;
}

/**
 * Whether `row` decides a leg before `other`: an operator's settlement by hand before any of the
 * feed's (the feed cannot settle a market an operator settled), a later version of the
 * operator's (seq -2 after -1) before an earlier one, and otherwise the feed's latest message.
 */
function isDecidingOver(row: SettlementRecord, other: SettlementRecord | undefined): boolean {
  if (!other) return true;
  const isByHand = row.operatorId !== null;
  if (isByHand !== (other.operatorId !== null)) return isByHand;
  return isByHand ? row.seq < other.seq : row.seq > other.seq;
}

/**
 * Where a leg stands by the catalogue. A standing cancellation of its market (or of the whole
 * event) whose window holds the bet's acceptance makes it void, whatever the settlement says:
 * the feed cancels bets it cannot settle fairly. Otherwise the standing settlement of its
 * outcome decides it (an operator's by hand before the feed's, else the feed's latest); without
 * one the leg is still open.
 */
export function legStateOf(leg: LegToRead, facts: EventFacts, acceptedAtMs: number): LegState {
  const isCancelled = facts.cancellations.some(
    (cancel) =>
      cancel.rolledBackAt === null &&
      (cancel.playId === null ||
        (cancel.playId === leg.playId && cancel.specifiers === leg.specifiers)) &&
      isAcceptedInCancelWindow(acceptedAtMs, {
        ...(cancel.windowStart ? { startTime: cancel.windowStart.getTime() } : {}),
        ...(cancel.windowEnd ? { endTime: cancel.windowEnd.getTime() } : {}),
      }),
  );
  if (isCancelled) return 'void';
  let latest: SettlementRecord | undefined;
  for (const row of facts.settlements) {
    if (row.rolledBackAt !== null) continue;
    if (row.playId !== leg.playId || row.specifiers !== leg.specifiers) continue;
    if (row.outcomeId !== leg.outcomeId) continue;
    if (isDecidingOver(row, latest)) latest = row;
  }
  if (!latest) return 'open';
  return outcomeFromFeed({
    result: latest.result === 1 ? 1 : 0,
    voidFactor: latest.voidFactor,
    deadHeatFactor: latest.deadHeatFactor,
  });
}

/**
 * What settlement makes of a leg in `state` (won, lost, void, half_won, half_lost, dead_heat);
 * null while it is open. The odds do not change a leg's result, so any valid price reads it.
 */
export function legResultOf(state: LegState): string | null {
  if (state === 'open') return null;
  return settleSelection(state === 'void' ? VOID_OUTCOME : state, ODDS_SCALE).result;
}

/**
 * The state a settlement recorded for a leg (`order_settlements.legs[].state`, jsonb) as settleBet
 * reads it. A value of another shape is a bug in what was written, so it is refused loudly.
 */
export function legStateOfRecorded(recorded: unknown): LegState {
  if (recorded === 'open' || recorded === 'void') return recorded;
  if (typeof recorded === 'object' && recorded !== null) {
    const { result, voidFactor, deadHeatFactor } = recorded as Record<string, unknown>;
    if ((result === 'won' || result === 'lost') && typeof voidFactor === 'number') {
      return {
        result,
        voidFactor,
        ...(typeof deadHeatFactor === 'number' ? { deadHeatFactor } : {}),
      };
    }
  }
  throw new Error(`a settled leg's recorded state is unreadable: ${JSON.stringify(recorded)}`);
}
