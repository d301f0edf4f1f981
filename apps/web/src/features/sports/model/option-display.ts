import type { MarketOption } from '@sb/contract';
import { optionStatus } from '@sb/contract';
import { formatOdds, type OddsStyle } from '@sb/domain';

/**
 * The price text of an option in the member's style (SPEC §4, §9): a blank when the option is
 * not open or has no price; plays from 21000 on keep their decimal with two places.
 */
export function optionPriceText(option: Pick<MarketOption, 's' | 'o' | 'md'>, style: OddsStyle) {
  if (option.s !== optionStatus.open || option.o <= 1) return '';
  return formatOdds(option.o, style, option.md);
}

/** The colour state of an option: on the slip wins, then a recent price move. */
export type OptionTone = 'checked' | 'up' | 'down' | 'plain';

export function optionTone(isOnSlip: boolean, moveDirection: 1 | -1 | undefined): OptionTone {
  if (isOnSlip) return 'checked';
  if (moveDirection === 1) return 'up';
  if (moveDirection === -1) return 'down';
  return 'plain';
}
