import { z } from 'zod';

/**
 * The betting engine's settings. They are read from the environment when the module registers;
 * the variables belong with the server's configuration schema (config.ts) and are listed in
 * docs/betting.md.
 */
export interface OrderSettings {
  /** How long a live order waits before it is accepted or rejected (DESIGN §6 bet delay). */
  betDelayMs: number;
  /** How often every process looks for pending orders whose delay has passed (crash safety). */
  sweepIntervalMs: number;
}

const orderSettingsSchema = z.object({
  BET_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  BET_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
});

/** Reads the settings; throws naming every bad variable, as the configuration loader does. */
export function readOrderSettings(environment: NodeJS.ProcessEnv): OrderSettings {
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = orderSettingsSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid betting configuration:\n${lines.join('\n')}`);
  }
  return {
    betDelayMs: result.data.BET_DELAY_MS,
    sweepIntervalMs: result.data.BET_SWEEP_INTERVAL_MS,
  };
}
