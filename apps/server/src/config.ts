import { resolve } from 'node:path';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * PARTNER_SECRETS lists the partners allowed to sign players in through /open/member/login:
 * comma-separated `channel:secret` pairs, each secret at least 32 characters.
 */
const partnerSecretsSchema = z
  .string()
  .default('')
  .transform((value, context) => {
    const secrets = new Map<string, string>();
    for (const pair of value.split(',').filter((item) => item.trim() !== '')) {
      const separator = pair.indexOf(':');
      const channel = pair.slice(0, separator).trim();
      const secret = pair.slice(separator + 1).trim();
      if (separator <= 0 || secret.length < 32) {
        context.addIssue({
          code: 'custom',
          message: `entry "${channel || pair}" must be channel:secret with a secret of 32+ characters`,
        });
        continue;
      }
      secrets.set(channel, secret);
    }
    return secrets;
  });

const urlWithProtocol = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((value) => protocols.some((protocol) => value.startsWith(`${protocol}://`)), {
      message: `must start with ${protocols.map((protocol) => `${protocol}://`).join(' or ')}`,
    });

/**
 * EMBED_ORIGINS lists the partner sites that may show the member app in a frame (SPEC §1's
 * partner-embedded players): comma-separated origins such as `https://partner.example`.
 */
const embedOriginsSchema = z
  .string()
  .default('')
  .transform((value, context) => {
    const origins: string[] = [];
    for (const entry of value.split(',').map((item) => item.trim())) {
      if (entry === '') continue;
      let origin: string | null = null;
      try {
        const url = new URL(entry);
        if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin === entry)
          origin = url.origin;
      } catch {
        origin = null;
      }
      if (origin) origins.push(origin);
      else
        context.addIssue({
          code: 'custom',
          message: `"${entry}" must be an origin: http(s)://host[:port], no path`,
        });
    }
    return origins;
  });

/** The sandbox's signing secret when none is configured; see PAYMENT_SANDBOX_SECRET. */
export const developmentSandboxSecret =
  'development-only-payment-sandbox-secret-not-for-real-money';

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWithProtocol(['postgres', 'postgresql']).optional(),
  REDIS_URL: urlWithProtocol(['redis', 'rediss']).optional(),
  /**
   * Prefix of every Redis key and channel the server uses, so several deployments (or test runs)
   * can share one Redis without hearing each other.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'letters, digits and : _ . - only, at most 64')
    .default('sb:'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  PARTNER_SECRETS: partnerSecretsSchema,
  EMBED_ORIGINS: embedOriginsSchema,
  /** Turns DESIGN §5 payload sealing off, for debugging only. */
  SEAL_PAYLOADS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Where the built web app is served from; absent or missing means API only. */
  WEB_DIST_DIR: z.string().optional(),
  /**
   * How many reverse proxies in front of the server to trust for the client address
   * (X-Forwarded-For). 0 means none: the connection's address is the client's, so a client
   * cannot choose its own address to slip past per-address limits.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Registrations (`/app/api/member/create/account`) one address may attempt in an hour; past
   * it 1004. A person needs one and a few tries for a name not yet taken; a shared address (an
   * office, a carrier's NAT) some more. Counted in Redis when REDIS_URL is set (docs/identity.md).
   */
  REGISTER_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000_000).default(10),
  /** Registrations one device (the client's deviceID) may attempt in an hour; past it 1004. */
  REGISTER_PER_DEVICE: z.coerce.number().int().min(1).max(1_000_000_000).default(5),
  /** Quick accounts one address may create in an hour; past it 1004. */
  QUICK_ACCOUNT_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000_000).default(10),
  /** Quick accounts one device (the client's deviceID) may create in an hour; past it 1004. */
  QUICK_ACCOUNT_PER_DEVICE: z.coerce.number().int().min(1).max(1_000_000_000).default(3),
  /** Where odds come from: the built-in simulator, or none (an empty book). */
  FEED_PROVIDER: z.enum(['simulator', 'none']).default('simulator'),
  /** Fixes the simulated world: the same seed gives the same leagues, matches and prices. */
  FEED_SEED: z.string().min(1).max(64).default('sportsbook'),
  /** Multiplies the simulated clock: at 60 a football match takes about two minutes. */
  FEED_SPEED: z.coerce.number().positive().max(600).default(1),
  /**
   * How full the simulated world is: 1, the default, plays the fixture calendar as written (over
   * a thousand events listed, forty and more matches in play at the busiest hour); 0.25 a quarter
   * of its matches and virtual events, for a light development machine; up to 4. A world keeps
   * the density it began with: restarted with another, it carries on at its own (docs/matches.md).
   */
  FEED_DENSITY: z.coerce.number().positive().max(4).default(1),
  /**
   * With REDIS_URL, one process runs the feed under a lease of this length in Redis; when it
   * dies another process takes over within about this long.
   */
  FEED_LEADER_LEASE_MS: z.coerce.number().int().min(500).max(60_000).default(5_000),
  /**
   * `production` marks a real-money deployment: the payment sandbox is then off by default and
   * the server refuses to start with it on unless that is explicitly allowed (see below).
   */
  NODE_ENV: z.string().optional(),
  /**
   * Turns the payment sandbox (the simulated provider: hosted pay page, simulated chain) on or
   * off. It completes payments nobody made, so it defaults to on only outside production. Off,
   * its routes do not exist and only bank-transfer deposits are offered (docs/payments.md).
   */
  PAYMENT_SANDBOX: z.enum(['on', 'off']).optional(),
  /**
   * With NODE_ENV=production the sandbox runs only when this is `true` and
   * PAYMENT_SANDBOX_SECRET is the operator's own: a demo deployment that takes no real money.
   */
  PAYMENT_SANDBOX_ALLOW_PRODUCTION: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * Signs the payment sandbox's callbacks (HMAC-SHA256) and its pay pages' keys. The default is
   * public and only fit for development: anyone who knows it can sign a callback that credits a
   * deposit. A deployment sets its own, e.g. the output of `openssl rand -hex 32`
   * (docs/payments.md); production refuses the default.
   */
  PAYMENT_SANDBOX_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .default(developmentSandboxSecret),
  /** How often the sandbox chain makes a block, in ms; 0 makes blocks only when asked. */
  PAYMENT_SANDBOX_BLOCK_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
  /** Blocks an address deposit needs, its own included, before it is credited. */
  PAYMENT_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(3),
  /** How long a live order waits before it is accepted or rejected (DESIGN §6 bet delay), in ms. */
  BET_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** How often every process looks for pending orders whose delay has passed (crash safety). */
  BET_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
  /**
   * How many major units of a currency one pair of eyes may move by manual balance adjustments
   * (either way, summed) in any 24 hours, per operator and per member: an adjustment that would
   * take either total past it, a single larger one included, waits for a second finance
   * operator's approval, so splitting a sum does not avoid it (docs/operators.md).
   */
  ADJUSTMENT_APPROVAL_ABOVE: z.coerce.number().int().min(0).max(1_000_000_000).default(1_000),
  /**
   * Bets a member may place at once (the bucket of a token bucket per member); past it and the
   * refill below, order create answers 1004. Counted per server process.
   */
  ORDER_RATE_BURST: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** How many bets a minute a member's bucket refills: the sustained rate allowed. */
  ORDER_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(120),
  /**
   * Bets placed together share one database transaction, at most this many (docs/betting.md,
   * Throughput); 1 places each bet in a transaction of its own.
   */
  ORDER_BATCH_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * How long, in ms, the first bet of a batch waits for others to join it. With 0 a bet goes at
   * once when no batch is under way, and those arriving meanwhile go together when it ends.
   */
  ORDER_BATCH_WAIT_MS: z.coerce.number().int().min(0).max(50).default(0),
  /**
   * Which of a member's money a stake spends first when they hold bonus money in its currency
   * (docs/promotions.md, Stakes of bonus money): `cash_first` takes what main holds and the rest
   * from the bonus bucket, `bonus_first` the reverse.
   */
  ORDER_STAKE_FUNDING: z.enum(['cash_first', 'bonus_first']).default('cash_first'),
  /** The house's cut of a cash out's value, in ten-thousandths (500 keeps 5%). */
  CASH_OUT_MARGIN_UNITS: z.coerce.number().int().min(0).max(5_000).default(500),
  /**
   * Serves the API reference at /docs (`on` or `off`). Unset, it is on except on a production
   * configuration (NODE_ENV=production), where the list of every call is no one's business but
   * the operator's.
   */
  API_DOCS: z
    .enum(['on', 'off'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'on')),
  /** How long a member's token lasts, in hours. */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
});

export type Config = Omit<
  z.infer<typeof configSchema>,
  'DATA_DIR' | 'PAYMENT_SANDBOX' | 'API_DOCS'
> & {
  DATA_DIR: string;
  /** Resolved: the environment's value, or the default for NODE_ENV. */
  PAYMENT_SANDBOX: 'on' | 'off';
  /** Resolved: the environment's value, or on except with NODE_ENV=production. */
  API_DOCS: boolean;
};

/**
 * The sandbox's own start-up rules, which no single variable can check: on by default except in
 * production, and in production only when explicitly allowed with the operator's own secret.
 * Answers the resolved switch and what is wrong, one line per variable.
 */
export function resolvePaymentSandbox(
  config: Pick<
    z.infer<typeof configSchema>,
    'NODE_ENV' | 'PAYMENT_SANDBOX' | 'PAYMENT_SANDBOX_ALLOW_PRODUCTION' | 'PAYMENT_SANDBOX_SECRET'
  >,
): { sandbox: 'on' | 'off'; problems: string[] } {
  const isProduction = config.NODE_ENV === 'production';
  const sandbox = config.PAYMENT_SANDBOX ?? (isProduction ? 'off' : 'on');
  const problems: string[] = [];
  if (isProduction && sandbox === 'on') {
    if (!config.PAYMENT_SANDBOX_ALLOW_PRODUCTION)
      problems.push(
        'PAYMENT_SANDBOX: the payment sandbox completes payments nobody made; with NODE_ENV=production set PAYMENT_SANDBOX=off, or PAYMENT_SANDBOX_ALLOW_PRODUCTION=true for a deployment without real money',
      );
    if (config.PAYMENT_SANDBOX_SECRET === developmentSandboxSecret)
      problems.push(
        'PAYMENT_SANDBOX_SECRET: must be your own secret (openssl rand -hex 32) to run the sandbox with NODE_ENV=production; the default is public',
      );
  }
  return { sandbox, problems };
}

/**
 * Reads the configuration from an environment. Every bad variable is listed by name, so an
 * operator fixes them all in one go instead of one restart at a time.
 */
export function loadConfig(environment: NodeJS.ProcessEnv): Config {
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { sandbox, problems } = resolvePaymentSandbox(result.data);
  if (problems.length > 0)
    throw new ConfigError(
      `Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`,
    );
  return {
    ...result.data,
    DATA_DIR: resolve(result.data.DATA_DIR),
    PAYMENT_SANDBOX: sandbox,
    API_DOCS: result.data.API_DOCS ?? result.data.NODE_ENV !== 'production',
  };
}

export class ConfigError extends Error {}
