import type { ChainNetwork } from './chain-address';

/**
 * The one interface between deposits and whoever moves the money: the built-in sandbox today, a
 * real payment provider later. Deposits never learn how a provider works; a provider never learns
 * about orders beyond what it is asked to collect.
 */
export interface PaymentProvider {
  /** Names the provider in callback paths (`/payments/{name}/callback`) and on orders. */
  readonly name: string;

  /**
   * Opens a payment on the provider's hosted pay page. Idempotent per order number: asking again
   * for the same order answers the same payment, so a retried deposit never pays twice.
   */
  createHostedPayment(request: HostedPaymentRequest): Promise<HostedPayment>;

  /** The member's deposit address on a network; the same member and network always get the same one. */
  depositAddress(userId: number, network: ChainNetwork): Promise<string>;

  /**
   * Checks a callback's signature, timestamp and shape and answers what it reports, with the
   * nonce the caller must record to refuse replays. Throws an AppError for anything forged,
   * stale or malformed.
   */
  verifyCallback(request: CallbackRequest): VerifiedCallback;
}

/** What a deposit asks a provider to collect. */
export interface HostedPaymentRequest {
  orderNo: string;
  amountMinor: number;
  currencyCode: string;
  scale: number;
  /** Shown to the payer: the method and, for conversions, what will be credited. */
  description: string;
  /** After this the pay page refuses to take the payment. */
  expiresAt: Date;
}

export interface HostedPayment {
  /** The provider's id of the payment, echoed in its callbacks. */
  providerReference: string;
  /** Where the payer goes to pay. */
  payUrl: string;
}

export interface CallbackRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as it arrived: signatures cover these bytes, not a re-serialised object. */
  rawBody: string;
  now: Date;
}

/** A hosted payment's result. */
export interface HostedPaymentNotice {
  kind: 'hosted_payment';
  outcome: 'completed' | 'failed';
  providerReference: string;
  orderNo: string;
  amountMinor: number;
  currencyCode: string;
  scale: number;
  /** Why a payment failed, as the provider puts it. */
  reason: string | null;
}

/** A transfer to one of the merchant's deposit addresses, with its confirmations so far. */
export interface ChainTransferNotice {
  kind: 'chain_transfer';
  network: ChainNetwork;
  txHash: string;
  fromAddress: string;
  toAddress: string;
  currencyCode: string;
  amountMinor: number;
  scale: number;
  blockHeight: number;
  /** Blocks since the transfer's own, that block counted: 1 in the block that holds it. */
  confirmations: number;
}

export type PaymentNotice = HostedPaymentNotice | ChainTransferNotice;

export interface VerifiedCallback {
  notice: PaymentNotice;
  nonce: string;
}

/** What the merchant did with a notice, answered to the provider. */
export interface NoticeOutcome {
  orderNo: string | null;
  /** Whose order it is, or null when the notice was not for us. */
  userId: number | null;
  /** The order's SPEC §4 status after the notice, or null when the notice was not for us. */
  status: number | null;
  /** True when later notices about the same payment or transfer can change nothing. */
  isFinal: boolean;
}

/** Acts on a verified notice; provided by the deposits module. */
export type PaymentNoticeHandler = (
  providerName: string,
  callback: VerifiedCallback,
  receivedAt: Date,
) => Promise<NoticeOutcome>;
