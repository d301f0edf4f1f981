import type { BalanceEntry } from '@sb/contract';
import { currencies, formatMinorUnits } from '@sb/domain';
import { AppError } from '../../http/app-error';
import type { Ledger, MemberBalance } from '../ledger/ledger.service';
import { balanceMovementsOf } from './balance-movements';

// A new try-play account's demo money, which identity asks for when it creates one.
export { createDemoBalanceGranter } from './demo-balance';

/**
 * A member's credit in one currency as the balance entry shows it, minor units. The loans module
 * owns credit and hands the wallet its reads (app.ts wires them), so the wallet never imports it.
 */
export interface CreditLine {
  creditAmount: number;
  loanAmount: number;
}

const noCredit: CreditLine = { creditAmount: 0, loanAmount: 0 };

/** What the wallet needs to know of a member; identity answers it. */
export interface WalletMember {
  userId: number;
  currencyId: number;
  isDemo: boolean;
  isVisitor: boolean;
  partner: { channel: string; principal: string } | null;
}

/** The member's balance list from what the ledger holds and the credit lines they have. */
function entriesOf(
  member: WalletMember,
  ledgerBalances: readonly MemberBalance[],
  credit: ReadonlyMap<number, CreditLine>,
): BalanceEntry[] {
  const held = new Map(ledgerBalances.map((entry) => [entry.currencyId, entry]));
  // The member's current currency is always listed, even before the first deposit, and so is
  // any currency they have credit in; demo money and real money never appear together.
  const listed = currencies.filter(
    (currency) =>
      currency.isDemo === member.isDemo &&
      (currency.currencyId === member.currencyId ||
        held.has(currency.currencyId) ||
        credit.has(currency.currencyId)),
  );
  listed.sort((left, right) =>
    left.currencyId === member.currencyId ? -1 : right.currencyId === member.currencyId ? 1 : 0,
  );
  return listed.map((currency) => {
    const entry = held.get(currency.currencyId) ?? {
      amount: 0,
      frozen: 0,
      bonus: 0,
      inGames: 0,
      inMarkets: 0,
    };
    const creditLine = credit.get(currency.currencyId) ?? noCredit;
    return {
      currencyId: currency.currencyId,
      currencyCode: currency.currencyCode,
      assetID: currency.assetID,
      scale: currency.scale,
      amount: entry.amount,
      frozen: entry.frozen,
      status: 1,
      creditAmount: creditLine.creditAmount,
      loanAmount: creditLine.loanAmount,
      showAmount: formatMinorUnits(entry.amount, currency.scale),
      bonusAmount: entry.bonus,
      gameAmount: entry.inGames,
      marketAmount: entry.inMarkets,
    };
  });
}

export function createWalletService(deps: {
  ledger: Ledger;
  /** The member's credit lines by currency (the loans module's). */
  creditLinesOf: (userId: number) => Promise<Map<number, CreditLine>>;
  /** Several members' credit lines at once, by user id (the loans module's). */
  creditLinesOfMembers: (
    userIds: readonly number[],
  ) => Promise<Map<number, Map<number, CreditLine>>>;
}) {
  async function balances(member: WalletMember): Promise<BalanceEntry[]> {
    const [ledgerBalances, credit] = await Promise.all([
      deps.ledger.memberBalances(member.userId),
      deps.creditLinesOf(member.userId),
    ]);
    return entriesOf(member, ledgerBalances, credit);
  }

  return {
    balances,

    /** Several members' balance lists in two reads whatever their number, by user id. */
    async balancesOfMembers(
      members: readonly WalletMember[],
    ): Promise<Map<number, BalanceEntry[]>> {
      const userIds = members.map((member) => member.userId);
      const [ledgerBalances, credit] = await Promise.all([
        deps.ledger.membersBalances(userIds),
        deps.creditLinesOfMembers(userIds),
      ]);
      return new Map(
        members.map((member) => [
          member.userId,
          entriesOf(
            member,
            ledgerBalances.get(member.userId) ?? [],
            credit.get(member.userId) ?? new Map(),
          ),
        ]),
      );
    },

    /** A page of every movement of the member's available balance, newest first. */
    movements: (member: WalletMember, input: Parameters<typeof balanceMovementsOf>[2]) =>
      balanceMovementsOf(deps.ledger, member.userId, input),

    /** The member's entry for one currency of their list. */
    async balanceEntryOf(member: WalletMember, currencyId: number): Promise<BalanceEntry> {
      const entry = (await balances(member)).find((item) => item.currencyId === currencyId);
      if (!entry)
        throw new Error(`currency ${currencyId} is not in member ${member.userId}'s list`);
      return entry;
    },

    /** The partner balance call answers only for the partner player the token belongs to. */
    async partnerBalances(member: WalletMember, claimed: { principal: string; channel: string }) {
      if (!member.partner) throw new AppError('NOT_ALLOWED_FOR_MEMBER_TYPE');
      if (
        member.partner.principal !== claimed.principal ||
        member.partner.channel !== claimed.channel
      ) {
        throw new AppError('NOT_ALLOWED_FOR_MEMBER_TYPE', 'principal and channel must be your own');
      }
      return balances(member);
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
