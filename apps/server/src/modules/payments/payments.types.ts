// The payments module's public types (docs/boundaries.md): other modules import them from here.
export type { ChainNetwork } from './chain-address';
export type {
  ChainTransferNotice,
  HostedPaymentNotice,
  NoticeOutcome,
  PaymentNoticeHandler,
  PaymentProvider,
} from './payment-provider';
