import { type Config, configSchema } from '../../config';

/** The betting engine's settings, from the server's configuration (config.ts). */
export interface OrderSettings {
  /** How long a live order waits before it is accepted or rejected (DESIGN §6 bet delay). */
  betDelayMs: number;
  /** How often every process looks for pending orders whose delay has passed (crash safety). */
  sweepIntervalMs: number;
  /** The house's cut of a cash out's value, in ten-thousandths. */
  cashOutMarginUnits: number;
  /** Bets a member may place at once, and a minute after that (a token bucket per member). */
  orderRateBurst: number;
  orderRatePerMinute: number;
  /** Orders placed in one database transaction at most (1: each in its own). */
  batchMaxOrders: number;
  /** How long the first order of a batch waits for others to join it. */
  batchWaitMs: number;
  /** Which money a stake spends first when the member holds bonus money too. */
  stakeFunding: StakeFunding;
}

/** `cash_first`: main, then bonus; `bonus_first`: bonus, then main. */
export type StakeFunding = Config['ORDER_STAKE_FUNDING'];

/** Settings an app may leave out (tests, tools) take the configuration's defaults. */
export type OrderConfig = Partial<
  Pick<
    Config,
    | 'BET_DELAY_MS'
    | 'BET_SWEEP_INTERVAL_MS'
    | 'CASH_OUT_MARGIN_UNITS'
    | 'ORDER_RATE_BURST'
    | 'ORDER_RATE_PER_MINUTE'
    | 'ORDER_BATCH_SIZE'
    | 'ORDER_BATCH_WAIT_MS'
    | 'ORDER_STAKE_FUNDING'
  >
>;

export function orderSettingsOf(config: OrderConfig): OrderSettings {
  const { shape } = configSchema;
  return {
    betDelayMs: shape.BET_DELAY_MS.parse(config.BET_DELAY_MS),
    sweepIntervalMs: shape.BET_SWEEP_INTERVAL_MS.parse(config.BET_SWEEP_INTERVAL_MS),
    cashOutMarginUnits: shape.CASH_OUT_MARGIN_UNITS.parse(config.CASH_OUT_MARGIN_UNITS),
    orderRateBurst: shape.ORDER_RATE_BURST.parse(config.ORDER_RATE_BURST),
    orderRatePerMinute: shape.ORDER_RATE_PER_MINUTE.parse(config.ORDER_RATE_PER_MINUTE),
    batchMaxOrders: shape.ORDER_BATCH_SIZE.parse(config.ORDER_BATCH_SIZE),
    batchWaitMs: shape.ORDER_BATCH_WAIT_MS.parse(config.ORDER_BATCH_WAIT_MS),
    stakeFunding: shape.ORDER_STAKE_FUNDING.parse(config.ORDER_STAKE_FUNDING),
  };
}
