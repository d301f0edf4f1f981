import type { MarketOption } from '@sb/contract';
import { optionStatus } from '@sb/contract';
import { useTranslation } from 'react-i18next';
import { useMarketNames } from '../../../lib/bet-naming/market-names';
import { selectIsOnSlip, useSlipStore } from '../../../lib/slip/slip-store';
import type { PriceMove } from '../live/live-store';
import { priceMoveFadeMs } from '../live/live-store';
import { useOddsStyleStore } from '../model/odds-style-store';
import { optionPriceText, optionTone } from '../model/option-display';
import type { GridPlace } from '../model/side-bands';

export interface OptionContext {
  sportId: number;
  matchId: number;
  specifiers: string;
  home: string;
  away: string;
  leagueId: number;
  leagueName: string;
  marketName: string;
  isLive: boolean;
}

interface OddsOptionProps {
  option: MarketOption;
  context: OptionContext;
  move: PriceMove | undefined;
  /** The board's short label ("H -0.25", "1"); the detail names the outcome in full. */
  isShort?: boolean;
  /** Its cell's place in a play laid out by side (model/side-bands.ts). */
  place?: Partial<GridPlace> | undefined;
}

/**
 * One price: a lock when the option cannot be bet now (SPEC §4 blanks its price), coloured
 * checked when on the slip, up or down for a while after it moved. A click puts it on the slip
 * or takes it off. The slip always gets the full outcome name.
 */
export function OddsOption({ option, context, move, isShort = false, place }: OddsOptionProps) {
  const { t } = useTranslation();
  const names = useMarketNames();
  const isOnSlip = useSlipStore(selectIsOnSlip(option.oi));
  const style = useOddsStyleStore((state) => state.style);
  const priceText = optionPriceText(option, style);
  const isFresh = move !== undefined && Date.now() - move.atMs < priceMoveFadeMs;
  const tone = optionTone(isOnSlip, isFresh ? move.direction : undefined);
  const fullName = names.outcome(context.sportId, option);
  const label = isShort ? names.outcome(context.sportId, option, true) : fullName;
  const isLocked = priceText === '';
  const lockText = t(
    option.s === optionStatus.suspended ? 'sportsMarkets.suspended' : 'sportsMarkets.closed',
  );

  function pick() {
    if (isLocked) return;
    useSlipStore.getState().toggle({
      oi: option.oi,
      sportId: context.sportId,
      matchId: context.matchId,
      playId: option.md,
      specifiers: context.specifiers,
      odds: option.o,
      home: context.home,
      away: context.away,
      leagueId: context.leagueId,
      leagueName: context.leagueName,
      marketName: context.marketName,
      optionName: fullName,
      isLive: context.isLive,
    });
  }

  return (
    <div className={`odds-cell odds-cell--${tone}`} style={place}>
      <span className="odds-cell__label" title={fullName}>
        <LabelText text={label} />
      </span>
      <button
        // A new key restarts the fade whenever the price moves again.
        key={isFresh ? move.atMs : 'still'}
        type="button"
        className={`odds-option odds-option--${tone}`}
        data-testid="odds-option"
        data-oi={option.oi}
        data-decimal={option.o}
        data-play={option.md}
        data-tone={tone}
        data-locked={isLocked}
        aria-pressed={isOnSlip}
        aria-label={`${fullName} ${isLocked ? lockText : priceText}`}
        disabled={isLocked}
        onClick={pick}
      >
        {isLocked ? <LockIcon label={lockText} /> : priceText}
      </button>
    </div>
  );
}

/** Numbers joined by a hyphen: a margin band (`11-15`) or a score (`2-1`). */
const joinedNumbers = /(\d+(?:-\d+)+\+?)/;

/**
 * A label that may wrap, but never inside a band or a score: "Home by 11-15" breaks before
 * "11-15", never after its hyphen, so the band reads whole on its line.
 */
function LabelText({ text }: { text: string }) {
  const parts = text.split(joinedNumbers);
  if (parts.length === 1) return text;
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one label never move.
      <span key={index} className="odds-cell__whole">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/**
 * A padlock in the price's place: the option exists but cannot be bet now. Named by its label
 * alone (no title element), so the button holds no text where a price would be.
 */
function LockIcon({ label }: { label: string }) {
  return (
    <svg
      className="odds-option__lock"
      data-testid="price-lock"
      role="img"
      aria-label={label}
      viewBox="0 0 16 16"
      width="14"
      height="14"
    >
      <path
        fill="currentColor"
        d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2h.5A1 1 0 0 1 13 8v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h.5Zm1.5 0h4V5a2 2 0 0 0-4 0v2Z"
      />
    </svg>
  );
}
