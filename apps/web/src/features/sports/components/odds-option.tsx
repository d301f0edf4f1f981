import type { MarketOption } from '@sb/contract';
import { selectIsOnSlip, useSlipStore } from '../../betslip/store/slip-store';
import type { PriceMove } from '../live/live-store';
import { priceMoveFadeMs } from '../live/live-store';
import { useOddsStyleStore } from '../model/odds-style-store';
import { optionLabel, optionPriceText, optionTone } from '../model/option-display';

export interface OptionContext {
  sportId: number;
  matchId: number;
  specifiers: string;
  matchName: string;
  marketName: string;
  isLive: boolean;
}

interface OddsOptionProps {
  option: MarketOption;
  context: OptionContext;
  move: PriceMove | undefined;
}

/**
 * One price: blank when the option is not open (SPEC §4), coloured checked when on the slip, up
 * or down for a while after it moved. A click puts it on the slip or takes it off.
 */
export function OddsOption({ option, context, move }: OddsOptionProps) {
  const isOnSlip = useSlipStore(selectIsOnSlip(option.oi));
  const style = useOddsStyleStore((state) => state.style);
  const priceText = optionPriceText(option, style);
  const isFresh = move !== undefined && Date.now() - move.atMs < priceMoveFadeMs;
  const tone = optionTone(isOnSlip, isFresh ? move.direction : undefined);
  const label = optionLabel(option, option.n);

  function pick() {
    if (priceText === '') return;
    useSlipStore.getState().toggle({
      oi: option.oi,
      sportId: context.sportId,
      matchId: context.matchId,
      playId: option.md,
      specifiers: context.specifiers,
      odds: option.o,
      matchName: context.matchName,
      marketName: context.marketName,
      optionName: label,
      isLive: context.isLive,
    });
  }

  return (
    <div className={`odds-cell odds-cell--${tone}`}>
      <span className="odds-cell__label" title={option.h}>
        {label}
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
        aria-pressed={isOnSlip}
        aria-label={`${label} ${priceText}`}
        disabled={priceText === ''}
        onClick={pick}
      >
        {priceText}
      </button>
    </div>
  );
}
