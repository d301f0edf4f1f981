import type { WithdrawAccount, WithdrawChannel } from '@sb/contract';
import { maxPayoutAccountsPerType, typeTakesPayoutAccount } from '@sb/domain';

/** One group of the my-accounts list: a withdrawal type and the member's accounts of it. */
export interface PayoutAccountGroup {
  merchantCode: number;
  /** The channel that pays to this type; null for accounts of a type no channel offers now. */
  channel: WithdrawChannel | null;
  accounts: WithdrawAccount[];
  /** SPEC §5: at most three accounts per type, and only for a type a channel pays to. */
  canAdd: boolean;
}

/** The saved accounts that can pay out through the channel: those of its type. */
export function accountsForChannel(
  accounts: readonly WithdrawAccount[],
  channel: Pick<WithdrawChannel, 'merchantCode'>,
): WithdrawAccount[] {
  return accounts.filter((account) => account.merchantCode === channel.merchantCode);
}

/**
 * SPEC §2 my accounts, grouped by type: one group per channel type that takes accounts, in the
 * channels' order, each with the accounts `/app/api/withdraw/account` answered for it (oldest
 * first, as the server lists them). Accounts of a type no channel offers any more still get a
 * group of their own, after the others, so the member can see and delete them.
 */
export function groupPayoutAccounts(
  channels: readonly WithdrawChannel[],
  accounts: readonly WithdrawAccount[],
): PayoutAccountGroup[] {
  const groups: PayoutAccountGroup[] = [];
  const seenTypes = new Set<number>();
  for (const channel of channels) {
    if (!typeTakesPayoutAccount(channel.merchantCode) || seenTypes.has(channel.merchantCode))
      continue;
    seenTypes.add(channel.merchantCode);
    groups.push(groupOf(channel.merchantCode, channel, accountsForChannel(accounts, channel)));
  }
  const orphanTypes = [...new Set(accounts.map((account) => account.merchantCode))]
    .filter((merchantCode) => !seenTypes.has(merchantCode))
    .toSorted((left, right) => left - right);
  for (const merchantCode of orphanTypes)
    groups.push(
      groupOf(
        merchantCode,
        null,
        accounts.filter((account) => account.merchantCode === merchantCode),
      ),
    );
  return groups;
}

function groupOf(
  merchantCode: number,
  channel: WithdrawChannel | null,
  accounts: WithdrawAccount[],
): PayoutAccountGroup {
  return {
    merchantCode,
    channel,
    accounts,
    canAdd: channel !== null && accounts.length < maxPayoutAccountsPerType,
  };
}
