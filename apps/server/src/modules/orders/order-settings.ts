import { type Config, configSchema } from '../../config';

/** The betting engine's settings, from the server's configuration (config.ts). */
export interface OrderSettings {
  /** How long a live order waits before it is accepted or rejected (DESIGN §6 bet delay). */
  betDelayMs: number;
  /** How often every process looks for pending orders whose delay has passed (crash safety). */
  sweepIntervalMs: number;
  /** The house's cut of a cash out's value, in ten-thousandths. */
  cashOutMarginUnits: number;
}

/** Settings an app may leave out (tests, tools) take the configuration's defaults. */
export type OrderConfig = Partial<
  Pick<Config, 'BET_DELAY_MS' | 'BET_SWEEP_INTERVAL_MS' | 'CASH_OUT_MARGIN_UNITS'>
>;

export function orderSettingsOf(config: OrderConfig): OrderSettings {
  const { shape } = configSchema;
  return {
    betDelayMs: shape.BET_DELAY_MS.parse(config.BET_DELAY_MS),
    sweepIntervalMs: shape.BET_SWEEP_INTERVAL_MS.parse(config.BET_SWEEP_INTERVAL_MS),
    cashOutMarginUnits: shape.CASH_OUT_MARGIN_UNITS.parse(config.CASH_OUT_MARGIN_UNITS),
  };
}
