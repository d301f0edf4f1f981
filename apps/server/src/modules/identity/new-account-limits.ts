import { type Config, configSchema } from '../../config';
import { AppError } from '../../http/app-error';
import type { CallContext } from '../../http/request-context';
import type { CounterStore } from '../../platform/counter-store';

/** How many accounts of one kind may be created in an hour from one address and one device. */
export interface CreationLimit {
  perAddress: number;
  perDevice: number;
}

export interface AccountCreationLimits {
  registration: CreationLimit;
  quickAccount: CreationLimit;
}

export const accountCreationWindowMs = 60 * 60_000;

/** Settings an app may leave out (tests, tools) take the configuration's defaults. */
export type AccountCreationConfig = Partial<
  Pick<
    Config,
    | 'REGISTER_PER_ADDRESS'
    | 'REGISTER_PER_DEVICE'
    | 'QUICK_ACCOUNT_PER_ADDRESS'
    | 'QUICK_ACCOUNT_PER_DEVICE'
  >
>;

export function accountCreationLimitsOf(config: AccountCreationConfig): AccountCreationLimits {
  const { shape } = configSchema;
  return {
    registration: {
      perAddress: shape.REGISTER_PER_ADDRESS.parse(config.REGISTER_PER_ADDRESS),
      perDevice: shape.REGISTER_PER_DEVICE.parse(config.REGISTER_PER_DEVICE),
    },
    quickAccount: {
      perAddress: shape.QUICK_ACCOUNT_PER_ADDRESS.parse(config.QUICK_ACCOUNT_PER_ADDRESS),
      perDevice: shape.QUICK_ACCOUNT_PER_DEVICE.parse(config.QUICK_ACCOUNT_PER_DEVICE),
    },
  };
}

/**
 * Counts account creations per address and per device over an hour, on the counter store the
 * login guard uses (Redis when configured, so every process counts together). Each attempt that
 * reaches the check counts, a name already taken included: the count is taken before the work,
 * so requests racing each other cannot all slip under it, and a name search through "taken"
 * answers is bounded too. The device is the client's own `deviceID` (SPEC §3), so it binds only
 * a client that sends one; the address binds everyone.
 */
export function createAccountCreationGuard(counters: CounterStore, limits: AccountCreationLimits) {
  async function admit(kind: 'registration' | 'quick-account', context: CallContext) {
    const limit = kind === 'registration' ? limits.registration : limits.quickAccount;
    const noun = kind === 'registration' ? 'registrations' : 'quick accounts';
    const deviceId = context.client?.deviceID;
    const [fromAddress, fromDevice] = await Promise.all([
      counters.increment(`${kind}:ip:${context.ip}`, accountCreationWindowMs),
      deviceId ? counters.increment(`${kind}:device:${deviceId}`, accountCreationWindowMs) : 0,
    ]);
    if (fromAddress > limit.perAddress)
      throw new AppError(
        'RATE_LIMITED',
        `at most ${limit.perAddress} ${noun} an hour from one address`,
      );
    if (fromDevice > limit.perDevice)
      throw new AppError(
        'RATE_LIMITED',
        `at most ${limit.perDevice} ${noun} an hour from one device`,
      );
  }

  return {
    /** Refuses with 1004 past the registration limits; call before anything is written. */
    admitRegistration: (context: CallContext) => admit('registration', context),
    /** Refuses with 1004 past the quick account limits; call before anything is written. */
    admitQuickAccount: (context: CallContext) => admit('quick-account', context),
  };
}

export type AccountCreationGuard = ReturnType<typeof createAccountCreationGuard>;
