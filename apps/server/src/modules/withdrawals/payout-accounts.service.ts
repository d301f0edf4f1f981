import type { WithdrawChannel as WireChannel, WithdrawAccount } from '@sb/contract';
import { checkPayoutAccount, maxPayoutAccountsPerType, type PayoutAccountInput } from '@sb/domain';
import { AppError } from '../../http/app-error';
import type { PayoutAccountRow, PayoutAccountsRepository } from './payout-accounts.repository';
import { findWithdrawChannel, type WithdrawChannel, withdrawChannels } from './withdraw-channels';
import { toWireChannel, toWithdrawAccount } from './withdrawals.mappers';

/** The add-account fields of SPEC §7's addWithdrawAccount. */
export interface AddPayoutAccountInput extends Omit<PayoutAccountInput, 'type' | 'outerId'> {
  type?: number | undefined;
  channelId?: number | undefined;
  payTypeId?: number | undefined;
}

/**
 * Adds race with each other only on the same member and type; a lost race re-reads and tries
 * the next free slot. Each retry means another add of the member committed, and there are only
 * three slots, so a handful of tries always ends in a stored account or a clear refusal.
 */
const maxAddTries = 10;

function requireField(value: number | undefined, field: string): number {
  if (value === undefined) throw new AppError('INVALID_INPUT', `${field}: is required`);
  return value;
}

/** Saved payout accounts (SPEC §5 add account) and the channel list that shows them. */
export function createPayoutAccountsService(deps: {
  repository: PayoutAccountsRepository;
  now: () => Date;
}) {
  const { repository, now } = deps;

  /** The channel the add form names, when its type, channel and pay type agree. */
  function requireChannelFor(input: AddPayoutAccountInput): WithdrawChannel {
    const type = requireField(input.type, 'type');
    const channelId = requireField(input.channelId, 'channelId');
    const payTypeId = requireField(input.payTypeId, 'payTypeId');
    const channel = findWithdrawChannel(channelId);
    if (!channel || channel.payTypeId !== payTypeId || channel.merchantCode !== type)
      throw new AppError(
        'WITHDRAW_CHANNEL_NOT_FOUND',
        `no channel ${channelId} with pay type ${payTypeId} for type ${type}`,
      );
    if (!channel.needsAccount)
      throw new AppError(
        'INVALID_INPUT',
        `type: type ${type} pays back to the deposit source and takes no account`,
      );
    return channel;
  }

  return {
    /** getBankList: the channels, by merchant code, each with the member's accounts of its type. */
    async channels(userId: number, merchantCode?: number): Promise<WireChannel[]> {
      const accounts = await repository.listLive(userId);
      return withdrawChannels
        .filter((channel) => merchantCode === undefined || channel.merchantCode === merchantCode)
        .toSorted((left, right) => left.merchantCode - right.merchantCode)
        .map((channel) => toWireChannel(channel, accounts));
    },

    async list(userId: number, merchantCode?: number): Promise<WithdrawAccount[]> {
      return (await repository.listLive(userId, merchantCode)).map(toWithdrawAccount);
    },

    /** The member's live account, fit for the channel; anything else answers not found. */
    async requireUsable(userId: number, accountId: number, channel: WithdrawChannel) {
      const account = await repository.findLive(userId, accountId);
      if (!account) throw new AppError('PAYOUT_ACCOUNT_NOT_FOUND', `accountId: ${accountId}`);
      if (account.channelId !== channel.channelId)
        throw new AppError(
          'INVALID_INPUT',
          `accountId: account ${accountId} is for ${findWithdrawChannel(account.channelId)?.payTypeName ?? 'another method'}, not ${channel.payTypeName}`,
        );
      return account;
    },

    async add(userId: number, input: AddPayoutAccountInput): Promise<WithdrawAccount> {
      const channel = requireChannelFor(input);
      const check = checkPayoutAccount({
        ...input,
        type: channel.merchantCode,
        outerId: channel.outerId,
      });
      if (!check.ok) {
        const details = check.issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ');
        const isAddress = check.issues.some((issue) => issue.kind === 'walletAddress');
        throw new AppError(isAddress ? 'WALLET_ADDRESS_INVALID' : 'INVALID_INPUT', details);
      }
      const { values } = check;
      for (let tries = 0; tries < maxAddTries; tries += 1) {
        const live = await repository.listLive(userId, channel.merchantCode);
        if (live.some((account) => account.duplicateKey === values.duplicateKey))
          throw new AppError('PAYOUT_ACCOUNT_DUPLICATE', `bankNo: ${values.bankNo}`);
        const freeSlot = firstFreeSlot(live);
        if (freeSlot === null)
          throw new AppError(
            'PAYOUT_ACCOUNT_LIMIT',
            `type ${channel.merchantCode} already holds ${live.length}`,
          );
        const row = await repository.insertUnlessTaken({
          userId,
          merchantCode: channel.merchantCode,
          channelId: channel.channelId,
          payTypeId: channel.payTypeId,
          currencyId: channel.currency.currencyId,
          slot: freeSlot,
          bankNo: values.bankNo,
          duplicateKey: values.duplicateKey,
          realName: values.realName,
          mobile: values.mobile,
          bankName: values.name,
          accountType: values.accountType,
          extend1: values.extend1,
          address: values.address,
        });
        if (row) return toWithdrawAccount(row);
      }
      throw new Error(`payout account add for user ${userId} lost ${maxAddTries} races in a row`);
    },

    async remove(userId: number, accountId: number | undefined): Promise<null> {
      const id = requireField(accountId, 'accountId');
      if (!(await repository.remove(userId, id, now())))
        throw new AppError('PAYOUT_ACCOUNT_NOT_FOUND', `accountId: ${id}`);
      return null;
    },
  };
}

function firstFreeSlot(live: PayoutAccountRow[]): number | null {
  const taken = new Set(live.map((account) => account.slot));
  for (let slot = 1; slot <= maxPayoutAccountsPerType; slot += 1) {
    if (!taken.has(slot)) return slot;
  }
  return null;
}

export type PayoutAccountsService = ReturnType<typeof createPayoutAccountsService>;
