import {
  type CallInput,
  casinoSwBits,
  type deskMemberGameSwitches,
  type GameProduct,
  gameProductSwitch,
  gameProducts,
  lotterySwBits,
} from '@sb/contract';

/** The two switches of the games side (SPEC §6): casino products and the lottery. */
export const gameSwitchNames = ['casinoSw', 'lotterySw'] as const;
export type GameSwitchName = (typeof gameSwitchNames)[number];

/** Every bit a switch knows. */
export const gameSwitchBits: Record<GameSwitchName, number> = {
  casinoSw: casinoSwBits,
  lotterySw: lotterySwBits,
};

/** The products one switch turns on, in the contract's order, with their bits. */
export function productsOfSwitch(name: GameSwitchName): { product: GameProduct; bit: number }[] {
  return gameProducts
    .filter((product) => gameProductSwitch[product].switch === name)
    .map((product) => ({ product, bit: gameProductSwitch[product].bit }));
}

/** A switch's value with one product's bit set or cleared; bits no product uses are dropped. */
export function withProduct(value: number, product: GameProduct, isOn: boolean): number {
  const { switch: name, bit } = gameProductSwitch[product];
  const known = value & gameSwitchBits[name];
  return isOn ? known | bit : known & ~bit;
}

/** Whether a switch's value turns a product on. */
export function hasProduct(value: number, product: GameProduct): boolean {
  return (value & gameProductSwitch[product].bit) !== 0;
}

/** One of a member's switches as the form holds it: their own value, or the site default's. */
export type MemberSwitchDraft = { follows: true } | { follows: false; value: number };

export type MemberSwitchesDraft = Record<GameSwitchName, MemberSwitchDraft>;

/** A member's switches as the call answers them (null: follows the site default), as a draft. */
export function draftOfOwn(own: Record<GameSwitchName, number | null>): MemberSwitchesDraft {
  const one = (value: number | null): MemberSwitchDraft =>
    value === null ? { follows: true } : { follows: false, value };
  return { casinoSw: one(own.casinoSw), lotterySw: one(own.lotterySw) };
}

/** Both switches following the site default. */
export const followsDefault: MemberSwitchesDraft = {
  casinoSw: { follows: true },
  lotterySw: { follows: true },
};

/**
 * What the member's call sends of a draft: each switch's own value (only known bits), or nothing
 * for one that follows the site default, as the call reads an absent value.
 */
export function memberSwitchesInput(
  userId: number,
  draft: MemberSwitchesDraft,
  reason: string,
): CallInput<typeof deskMemberGameSwitches> {
  const input: CallInput<typeof deskMemberGameSwitches> = { userId, reason };
  for (const name of gameSwitchNames) {
    const one = draft[name];
    if (!one.follows) input[name] = one.value & gameSwitchBits[name];
  }
  return input;
}
