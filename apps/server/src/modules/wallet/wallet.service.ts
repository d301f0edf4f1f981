import type { BalanceEntry } from '@sb/contract';
import { currencies, formatMinorUnits } from '@sb/domain';
import { AppError } from '../../http/app-error';
import type { Ledger } from '../ledger/ledger.service';

/** What the wallet needs to know of a member; identity answers it. */
export interface WalletMember {
  userId: number;
  currencyId: number;
  isDemo: boolean;
  partner: { channel: string; principal: string } | null;
}

export function createWalletService(deps: { ledger: Ledger }) {
  async function balances(member: WalletMember): Promise<BalanceEntry[]> {
    const held = new Map(
      (await deps.ledger.memberBalances(member.userId)).map((entry) => [entry.currencyId, entry]),
    );
    // The member's current currency is always listed, even before the first deposit; demo money
    // and real money never appear together.
    const listed = currencies.filter(
      (currency) =>
        currency.isDemo === member.isDemo &&
        (currency.currencyId === member.currencyId || held.has(currency.currencyId)),
    );
    listed.sort((left, right) =>
      left.currencyId === member.currencyId ? -1 : right.currencyId === member.currencyId ? 1 : 0,
    );
    return listed.map((currency) => {
      const entry = held.get(currency.currencyId) ?? { amount: 0, frozen: 0 };
      return {
        currencyId: currency.currencyId,
        currencyCode: currency.currencyCode,
        assetID: currency.assetID,
        scale: currency.scale,
        amount: entry.amount,
        frozen: entry.frozen,
        status: 1,
        creditAmount: 0,
        loanAmount: 0,
        showAmount: formatMinorUnits(entry.amount, currency.scale),
      };
    });
  }

  return {
    balances,

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
