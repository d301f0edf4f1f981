import { createHash, randomInt } from 'node:crypto';
import { defaultWithdrawPageSize, type Language, type WithdrawRecord } from '@sb/contract';
import { formatMinorUnits } from '@sb/domain';
import { AppError } from '../../http/app-error';
import type { Ledger } from '../ledger/ledger.service';
import type { PayoutAccountRow } from './payout-accounts.repository';
import type { PayoutAccountsService } from './payout-accounts.service';
import { findWithdrawChannel, type WithdrawChannel } from './withdraw-channels';
import type { WithdrawPasswordService } from './withdraw-password.service';
import { confirmationOf, toWithdrawRecord } from './withdrawals.mappers';
import type { WithdrawalRow, WithdrawalsRepository } from './withdrawals.repository';
import type { WithdrawingMember } from './withdrawing-member';

/** SPEC §7 createWithdraw. */
export interface CreateWithdrawalInput {
  scale: number;
  amount: number;
  accountId?: number | undefined;
  channelId: number;
  payTypeId: number;
  pwd: string;
}

/** What a retry with the same idempotency key must repeat exactly (the password aside). */
function digestOf(input: CreateWithdrawalInput): string {
  const { scale, amount, accountId = 0, channelId, payTypeId } = input;
  return createHash('sha256')
    .update(JSON.stringify([scale, amount, accountId, channelId, payTypeId]))
    .digest('hex');
}

/** W, the UTC date and time to the second, and six random digits: unique and sortable. */
function newOrderNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `W${stamp}${randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
}

/** The channel named by createWithdraw, and the amount checked against it. */
function requireChannel(input: CreateWithdrawalInput): WithdrawChannel {
  const channel = findWithdrawChannel(input.channelId);
  if (!channel || channel.payTypeId !== input.payTypeId)
    throw new AppError(
      'WITHDRAW_CHANNEL_NOT_FOUND',
      `no channel ${input.channelId} with pay type ${input.payTypeId}`,
    );
  const { currency } = channel;
  if (input.scale !== currency.scale)
    throw new AppError(
      'INVALID_INPUT',
      `scale: must be ${currency.scale}, the scale of ${currency.currencyCode}`,
    );
  if (input.amount < channel.minAmountMinor || input.amount > channel.maxAmountMinor) {
    const show = (minor: number) => formatMinorUnits(minor, currency.scale);
    throw new AppError(
      'WITHDRAW_AMOUNT_OUT_OF_RANGE',
      `amount: ${show(input.amount)} ${currency.currencyCode} is outside ${show(channel.minAmountMinor)} ~ ${show(channel.maxAmountMinor)}`,
    );
  }
  const accountId = input.accountId ?? 0;
  if (channel.needsAccount && accountId === 0)
    throw new AppError('INVALID_INPUT', 'accountId: choose a payout account');
  if (!channel.needsAccount && accountId !== 0)
    throw new AppError(
      'INVALID_INPUT',
      'accountId: this method pays back to the deposit source and takes no account',
    );
  return channel;
}

/** The payee as it was when the member asked, kept on the withdrawal. */
function payeeOf(account: PayoutAccountRow | null) {
  if (!account) return null;
  const { bankNo, realName, mobile, bankName, accountType, extend1, address } = account;
  return { bankNo, realName, mobile, bankName, accountType, extend1, address };
}

/** Members' withdrawals: create (freezing the funds) and history. */
export function createWithdrawalsService(deps: {
  repository: WithdrawalsRepository;
  accounts: PayoutAccountsService;
  passwords: WithdrawPasswordService;
  ledger: Ledger;
  now: () => Date;
}) {
  const { repository, accounts, passwords, ledger, now } = deps;

  /** A withdrawal made earlier with this key: the same one again, or a conflict. */
  function replayOf(existing: WithdrawalRow, requestDigest: string): WithdrawalRow {
    if (existing.requestDigest !== requestDigest) throw new AppError('IDEMPOTENCY_CONFLICT');
    return existing;
  }

  async function requireAvailable(userId: number, channel: WithdrawChannel, amount: number) {
    const { currency } = channel;
    const balance = (await ledger.memberBalances(userId)).find(
      (entry) => entry.currencyId === currency.currencyId,
    );
    const available = balance ? balance.amount - balance.frozen : 0;
    const show = (minor: number) =>
      `${formatMinorUnits(minor, currency.scale)} ${currency.currencyCode}`;
    // Bonus money sits in a bucket of its own the gate never debits, so it cannot leave anyway;
    // a member asking for more than their cash while holding some is told why (docs/promotions.md).
    if (amount > available && balance && balance.bonus > 0)
      throw new AppError(
        'BONUS_NOT_WITHDRAWABLE',
        `amount: ${show(amount)} is above the cash available, ${show(available)}; the bonus money of ${show(balance.bonus)} cannot be withdrawn until its rollover converts it to cash`,
      );
    if (amount > available)
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `amount: ${show(amount)} is above the available ${formatMinorUnits(available, currency.scale)}`,
      );
  }

  /**
   * Creates the withdrawal row and freezes its amount (member main → member frozen) in one
   * transaction. The ledger locks the member's balance rows, so racing withdrawals queue and
   * none can take the balance below zero; a lost race answers INSUFFICIENT_FUNDS.
   */
  async function insertAndFreeze(
    member: WithdrawingMember,
    values: Omit<Parameters<WithdrawalsRepository['insertUnlessKeyUsed']>[0], 'userId'>,
    channel: WithdrawChannel,
  ): Promise<WithdrawalRow> {
    return repository.transaction(async (bound, tx) => {
      const inserted = await bound.insertUnlessKeyUsed({ ...values, userId: member.userId });
      if (!inserted) {
        // Another request with the same key committed first.
        const existing = await bound.findByKey(member.userId, values.idempotencyKey as string);
        if (!existing) throw new Error('withdrawal idempotency key conflicted but is not found');
        return replayOf(existing, values.requestDigest);
      }
      const currencyId = channel.currency.currencyId;
      // A withdrawal takes the member's own money out of main: through the ledger's debit gate.
      await ledger.debitWithin(tx, {
        idempotencyKey: `withdraw-freeze:${inserted.id}`,
        kind: 'withdraw_freeze',
        reference: inserted.orderNo,
        userId: member.userId,
        currencyId,
        amountMinor: inserted.amount,
        to: { bucket: 'frozen' },
      });
      return inserted;
    });
  }

  return {
    async create(
      member: WithdrawingMember,
      input: CreateWithdrawalInput,
      context: { idempotencyKey: string | undefined; language: Language },
    ): Promise<string> {
      const channel = requireChannel(input);
      await passwords.verifyForWithdrawal(member.user, input.pwd);
      const requestDigest = digestOf(input);
      const key = context.idempotencyKey;
      if (key) {
        const existing = await repository.findByKey(member.userId, key);
        if (existing) return confirmationOf(replayOf(existing, requestDigest), context.language);
      }
      const account = channel.needsAccount
        ? await accounts.requireUsable(member.userId, input.accountId ?? 0, channel)
        : null;
      await requireAvailable(member.userId, channel, input.amount);
      const row = await insertAndFreeze(
        member,
        {
          orderNo: newOrderNo(now()),
          idempotencyKey: key ?? null,
          requestDigest,
          currencyId: channel.currency.currencyId,
          amount: input.amount,
          merchantCode: channel.merchantCode,
          channelId: channel.channelId,
          payTypeId: channel.payTypeId,
          payoutAccountId: account?.id ?? null,
          payee: payeeOf(account),
          createdAt: now(),
        },
        channel,
      );
      return confirmationOf(row, context.language);
    },

    /** getWithdrawList: newest first, SPEC §9's 10 a page unless asked otherwise. */
    async list(
      userId: number,
      input: { page?: number; size?: number; startTime?: number; endTime?: number },
    ): Promise<{ records: WithdrawRecord[]; total: number }> {
      const { startTime, endTime } = input;
      if (startTime !== undefined && endTime !== undefined && startTime > endTime)
        throw new AppError('INVALID_INPUT', 'startTime: must not be after endTime');
      const size = input.size ?? defaultWithdrawPageSize;
      const page = input.page ?? 1;
      const { rows, total } = await repository.listPage({
        userId,
        from: startTime === undefined ? undefined : new Date(startTime),
        to: endTime === undefined ? undefined : new Date(endTime),
        offset: (page - 1) * size,
        limit: size,
      });
      return { records: rows.map(toWithdrawRecord), total };
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
