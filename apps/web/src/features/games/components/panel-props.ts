import type { Game } from '@sb/contract';
import type { PlayMoney } from './stake-field';

/** What every game's panel is given: the game (its edge and stake bounds) and the money. */
export interface PanelProps {
  game: Game;
  money: PlayMoney;
}
