import { createHash } from 'node:crypto';
import {
  betType,
  coerceWireValue,
  firstChampionPlayId,
  maxSlipSelections,
  noMixPlayIds,
  type OrderBet,
  orderBetSchema,
} from '@sb/contract';
import { decodeOptionId, type OptionRef } from '@sb/domain';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import { openSealed } from '../../http/sealed-envelope';
import { requestedOddsUnits } from './order-pricing';

/** One selection of a bet, its option id decoded and its price in ten-thousandths. */
export interface BetSelection {
  ref: OptionRef;
  optionId: string;
  requestedOddsUnits: number;
  /** The other bet-option fields the client sent, to check against the id and the book. */
  sportId: number | undefined;
}

export interface ReadBet {
  bet: OrderBet;
  selections: BetSelection[];
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      if (issue.code === 'unrecognized_keys')
        return `unknown field ${issue.keys.map((key) => `"data.${[...issue.path, key].join('.')}"`).join(', ')}`;
      return `${['data', ...issue.path].join('.')}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * A call's `data`: a string sealed with the caller's token (DESIGN §5), or, with sealing turned
 * off, the value as an object or as its JSON text. A payload that does not open reads as `{}`
 * (SPEC §7), which then fails the schema with every missing field named.
 */
export async function openSealedData<S extends z.ZodType>(
  schema: S,
  data: string | Record<string, unknown>,
  token: string,
  isSealingOn: boolean,
): Promise<z.output<S>> {
  let plain: unknown;
  if (typeof data !== 'string') {
    if (isSealingOn) throw new AppError('INVALID_INPUT', 'data: must be sealed with the token');
    plain = data;
  } else {
    plain = openSealed(token, data);
    if (!isSealingOn && isEmptyObject(plain)) plain = parseJsonText(data);
  }
  // What opens is read by the wire's rules too: a client that writes its ids as text means the
  // same bet as one that writes numbers.
  const parsed = schema.safeParse(coerceWireValue(schema, plain));
  if (!parsed.success) {
    const hint = isEmptyObject(plain) ? ' (data did not open with this token)' : '';
    throw new AppError('INVALID_INPUT', `${describeIssues(parsed.error)}${hint}`);
  }
  return parsed.data;
}

/** The bet inside order-create's `data`. */
export function openBet(
  data: string | Record<string, unknown>,
  token: string,
  isSealingOn: boolean,
): Promise<OrderBet> {
  return openSealedData(orderBetSchema, data, token, isSealingOn);
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** Checks the option ids and the fields that came with them; answers the decoded selections. */
function readSelections(bet: OrderBet): BetSelection[] {
  return bet.selections.map((selection, index) => {
    const field = `data.selections.${index}`;
    const ref = decodeOptionId(selection.optId);
    if (!ref) throw new AppError('INVALID_INPUT', `${field}.optId: not an option id`);
    const mismatch =
      (selection.gameId !== undefined && selection.gameId !== ref.eventId && 'gameId') ||
      (selection.playId !== undefined && selection.playId !== ref.playId && 'playId') ||
      (selection.specifiers !== undefined &&
        selection.specifiers !== ref.specifiers &&
        'specifiers');
    if (mismatch)
      throw new AppError('INVALID_INPUT', `${field}.${mismatch}: does not match the option id`);
    return {
      ref,
      optionId: selection.optId,
      requestedOddsUnits: requestedOddsUnits(selection.odds),
      sportId: selection.sportId,
    };
  });
}

/**
 * SPEC §5's bet slip rules, on the server: at most 8 selections; a single takes one; a parlay
 * takes no excluded or champion play and one selection per match.
 */
export function readSlip(bet: OrderBet): BetSelection[] {
  if (bet.selections.length > maxSlipSelections)
    throw new AppError(
      'ORDER_TOO_MANY_SELECTIONS',
      `data.selections: at most ${maxSlipSelections}, got ${bet.selections.length}`,
    );
  const selections = readSelections(bet);
  if (bet.betType === betType.single) {
    if (selections.length !== 1)
      throw new AppError(
        'INVALID_INPUT',
        `data.selections: a single bet takes exactly one selection, got ${selections.length}`,
      );
    return selections;
  }
  if (selections.length < 2)
    throw new AppError('INVALID_INPUT', 'data.selections: a parlay takes at least two selections');
  const events = new Set<number>();
  selections.forEach(({ ref }, index) => {
    const field = `data.selections.${index}`;
    if (noMixPlayIds.includes(ref.playId))
      throw new AppError('ORDER_NO_MIX_BET', `${field}: play ${ref.playId} cannot be mixed`);
    if (ref.playId >= firstChampionPlayId)
      throw new AppError(
        'ORDER_NO_MIX_BET_CHAMPION',
        `${field}: outright play ${ref.playId} cannot be mixed`,
      );
    if (events.has(ref.eventId))
      throw new AppError(
        'ORDER_SAME_EVENT_IN_PARLAY',
        `${field}: match ${ref.eventId} is already in the parlay`,
      );
    events.add(ref.eventId);
  });
  return selections;
}

/** What a retry with the same idempotency key must repeat exactly. */
export function digestOf(bet: OrderBet, currencyId: number): string {
  const legs = bet.selections.map((selection) => [
    selection.optId,
    requestedOddsUnits(selection.odds),
  ]);
  const terms: unknown[] = [bet.betType, bet.stake, bet.scale, currencyId, bet.acceptOdds, legs];
  // A bet of a free bet is another bet than the same one staked with cash (older digests stay).
  if (bet.freeBetId !== undefined) terms.push({ freeBetId: bet.freeBetId });
  return createHash('sha256').update(JSON.stringify(terms)).digest('hex');
}
