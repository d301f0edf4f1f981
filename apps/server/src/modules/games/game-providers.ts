import type { GameProduct, GameWalletMode, Language } from '@sb/contract';

/** A game's settings: what the desk changes (game_settings), a provider's defaults until then. */
export interface GameSettings {
  enabled: boolean;
  /** Basis points (100 = 1 %). */
  houseEdgeBps: number;
  /** Minor units of a scale-2 currency; scaled to the member's currency (docs/games.md). */
  minStake: number;
  maxStake: number;
  maxPayout: number;
}

/** A game as its provider offers it. */
export interface ProviderGame {
  /** The game's code within the provider (`dice`). */
  code: string;
  product: GameProduct;
  names: Record<Language, string>;
  defaults: GameSettings;
}

/**
 * A game provider behind the one interface aggregators use: a catalogue, a launch address and
 * a wallet mode. With a transfer wallet its money is the member's ledger bucket
 * `game:<provider>`; a seamless provider would call us per bet instead (docs/games.md).
 */
export interface GameProvider {
  id: string;
  names: Record<Language, string>;
  walletMode: GameWalletMode;
  games: readonly ProviderGame[];
  /** Where a member plays one of its games. */
  launchUrl(code: string): string;
}

const originalsDefaults: GameSettings = {
  enabled: true,
  houseEdgeBps: 100,
  minStake: 100,
  maxStake: 1_000_000,
  maxPayout: 100_000_000,
};

/**
 * The built-in provider: the house's provably fair originals (packages/domain/src/fair), played
 * on a page of this site.
 */
export const houseProvider: GameProvider = {
  id: 'house',
  names: { en: 'House originals', zh: '自营原创', zht: '自營原創' },
  walletMode: 'transfer',
  games: [
    {
      code: 'dice',
      product: 'originals',
      names: { en: 'Dice', zh: '骰子', zht: '骰子' },
      defaults: originalsDefaults,
    },
    {
      code: 'limbo',
      product: 'originals',
      names: { en: 'Limbo', zh: '极限倍数', zht: '極限倍數' },
      defaults: originalsDefaults,
    },
    {
      code: 'plinko',
      product: 'originals',
      names: { en: 'Plinko', zh: '弹珠台', zht: '彈珠台' },
      defaults: originalsDefaults,
    },
    {
      code: 'mines',
      product: 'originals',
      names: { en: 'Mines', zh: '扫雷', zht: '掃雷' },
      defaults: originalsDefaults,
    },
  ],
  launchUrl: (code) => `/#/games/play/house.${code}`,
};

/** Every provider the site offers. */
export const gameProviders: readonly GameProvider[] = [houseProvider];

/** A game of the catalogue with its provider. */
export interface CatalogueGame {
  gameId: string;
  provider: GameProvider;
  game: ProviderGame;
}

export const catalogueGames: readonly CatalogueGame[] = gameProviders.flatMap((provider) =>
  provider.games.map((game) => ({ gameId: `${provider.id}.${game.code}`, provider, game })),
);

export const findCatalogueGame = (gameId: string) =>
  catalogueGames.find((entry) => entry.gameId === gameId);

export const findGameProvider = (id: string) => gameProviders.find((entry) => entry.id === id);
