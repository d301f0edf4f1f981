import { existsSync } from 'node:fs';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import { type AccountEventPayload, healthCheck } from '@sb/contract';
import type { SeededPast } from '@sb/feed-sim';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { type Config, configSchema } from './config';
import type { DatabaseHandle } from './db/database';
import { installErrorHandling } from './http/envelope-errors';
import { installInputShapeLimits } from './http/input-shape';
import { redactedLogPaths, redactedText, serializeRequestForLog } from './http/log-redaction';
import { acceptMultipartFields } from './http/multipart-fields';
import { registerCall } from './http/register-call';
import {
  installSecurityHeaders,
  markWebPage,
  originOfUrl,
  webPageOfFile,
} from './http/security-headers';
import type { ModuleContext } from './module-context';
import { registerAdjustmentsModule } from './modules/adjustments/adjustments.module';
import { registerBonusModule } from './modules/bonus/bonus.module';
import type { BonusService } from './modules/bonus/bonus.service';
import { createCatalogue } from './modules/catalogue/catalogue.service';
import { registerCommunityModule } from './modules/community/community.module';
import type { CommunityService } from './modules/community/community.service';
import {
  type DepositsModule,
  type PaymentSettings,
  registerDepositsModule,
} from './modules/deposits/deposits.module';
import { createReadModel, startFeed } from './modules/feed/feed.service';
import type { FeedProvider } from './modules/feed/feed.types';
import { registerGamesModule } from './modules/games/games.module';
import type { GamesService } from './modules/games/games.service';
import {
  type AccountCreationConfig,
  registerIdentityDesks,
  registerIdentityModule,
} from './modules/identity/identity.module';
import type { IdentityService } from './modules/identity/identity.service';
import type { SessionEndListener } from './modules/identity/identity.types';
import { registerLedgerModule } from './modules/ledger/ledger.module';
import { createLedger, type Ledger } from './modules/ledger/ledger.service';
import { registerLoanModule } from './modules/loans/loans.module';
import { createCreditReader, type LoanService } from './modules/loans/loans.service';
import {
  createMatchSiteSettings,
  type MatchWireSource,
  registerMatchModule,
} from './modules/match/match.module';
import type { StreamProvider } from './modules/match/match.types';
import { type OperatorModule, registerOperatorModule } from './modules/operators/operators.module';
import { registerOrderStatsModule } from './modules/order-stats/order-stats.module';
import { type Orders, registerOrdersModule } from './modules/orders/orders.module';
import type { OrderConfig } from './modules/orders/orders.types';
import { registerPredictionsModule } from './modules/predictions/predictions.module';
import { registerPromotionsModule } from './modules/promotions/promotions.module';
import { registerSettlementModule, type Settlement } from './modules/settlement/settlement.module';
import { registerSiteContentModule } from './modules/site-content/site-content.module';
import { registerTradingModule } from './modules/trading/trading.module';
import { registerWalletModule, type Wallet } from './modules/wallet/wallet.module';
import { createDemoBalanceGranter } from './modules/wallet/wallet.service';
import {
  registerWithdrawalsModule,
  type WithdrawalsModule,
} from './modules/withdrawals/withdrawals.module';
import { registerApiDocs } from './openapi/docs.routes';
import type { CounterStore } from './platform/counter-store';
import { attachRealtime, type Realtime } from './realtime/realtime.module';
import { buildVersion } from './version';

/** SPEC §7: the client gives up after 25 s, so the server answers by then too. */
export const requestTimeoutMs = 25_000;
/** Bodies of ordinary calls are small; uploads have their own, larger limit. */
export const bodyLimitBytes = 256 * 1024;

export interface AppDependencies {
  config: Pick<
    Config,
    | 'LOG_LEVEL'
    | 'PARTNER_SECRETS'
    | 'SESSION_TTL_HOURS'
    | 'WEB_DIST_DIR'
    | 'TRUST_PROXY_HOPS'
    | 'SEAL_PAYLOADS'
    | 'REDIS_URL'
  > &
    PaymentSettings &
    OrderConfig &
    AccountCreationConfig &
    Partial<
      Pick<Config, 'ADJUSTMENT_APPROVAL_ABOVE' | 'EMBED_ORIGINS' | 'REDIS_PREFIX' | 'API_DOCS'>
    >;
  database: DatabaseHandle;
  counters: CounterStore;
  now?: () => Date;
  /** Chooses captcha codes; tests supply a known one. */
  generateCaptchaCode?: () => string;
  /** Where log lines go instead of standard output, for tests that read them. */
  logStream?: { write(line: string): void };
  /** Overrides the request timeout, for tests. */
  requestTimeoutMs?: number;
  /** Where odds come from; without one the book is empty (most tests). */
  feedProvider?: FeedProvider;
  /** Live video and animation (docs/matches.md); the book's rendered broadcasts by default. */
  streams?: StreamProvider;
  /** The sides' past for head-to-head, which the simulated feed keeps; none by default. */
  teamRecords?: SeededPast;
}

/**
 * A JSON call with no fields may arrive with an empty body; it means `{}`. Anything else goes to
 * Fastify's own parser, which refuses prototype-poisoning keys.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, {});
    void parseJson(request, text, done);
  });
}

/** The services each module answered when it registered, for tools and tests to drive. */
export interface AppModules {
  identity: IdentityService;
  ledger: Ledger;
  operators: OperatorModule;
  match: MatchWireSource;
  realtime: Realtime;
  wallet: Wallet;
  loans: LoanService;
  withdrawals: WithdrawalsModule;
  deposits: DepositsModule;
  orders: Orders;
  settlement: Settlement;
  games: GamesService;
  community: CommunityService;
  bonus: BonusService;
  promotions: ReturnType<typeof registerPromotionsModule>;
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  return (await assembleApp(deps)).app;
}

/**
 * Builds the app and answers it with its modules' services. Each module is handed what it uses
 * of the others as arguments, so a module can only be registered once what it needs exists.
 */
export async function assembleApp(
  deps: AppDependencies,
): Promise<{ app: FastifyInstance; modules: AppModules }> {
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: {
      level: deps.config.LOG_LEVEL,
      // No credential reaches a log line: not in the URL a GET call carries them in, nor in
      // headers, query or body a line logs by hand.
      redact: { paths: redactedLogPaths, censor: redactedText },
      serializers: { req: serializeRequestForLog as never },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    bodyLimit: bodyLimitBytes,
    // Trust exactly the configured number of proxy hops, nearest first.
    trustProxy: (_address: string, hop: number) => hop < deps.config.TRUST_PROXY_HOPS,
    return503OnClosing: false,
  });
  installErrorHandling(app, deps.requestTimeoutMs ?? requestTimeoutMs);
  // The headers go in before any route, so every answer carries them; the site settings name
  // the staticUrl host they allow.
  const siteSettings = createMatchSiteSettings({
    app,
    config: deps.config,
    database: deps.database,
    now,
  });
  installSecurityHeaders(app, {
    embedOrigins: deps.config.EMBED_ORIGINS ?? [],
    staticOrigin: async () => originOfUrl((await siteSettings.current()).staticUrl),
  });
  acceptEmptyJsonBodies(app);
  installInputShapeLimits(app);
  await app.register(formbody, { bodyLimit: bodyLimitBytes });
  acceptMultipartFields(app, bodyLimitBytes);

  const ledger = createLedger(deps.database.db);
  // The loans module's reads of members' credit lines, which the session and balances show.
  const credit = createCreditReader(deps.database.db);
  // Identity ends sessions, and is built before the sockets that must close with them.
  let closeSessionSockets: SessionEndListener = () => {};
  const identity = registerIdentityModule({
    app,
    db: deps.database.db,
    config: deps.config,
    counters: deps.counters,
    now,
    generateCaptchaCode: deps.generateCaptchaCode,
    grantDemoBalance: createDemoBalanceGranter(ledger),
    readCredit: credit.creditLineOf,
    onSessionsEnded: (ended) => closeSessionSockets(ended),
    gameSwitchDefaults: async () => (await siteSettings.current()).gameSwitches,
  });
  const authenticate = identity.authenticate;

  registerCall(app, authenticate, healthCheck, async () => {
    await deps.database.db.execute('select 1');
    return { status: 'ok' as const, database: deps.database.kind, version: buildVersion };
  });
  const readModel = createReadModel();
  if (deps.feedProvider) {
    const feed = startFeed({
      provider: deps.feedProvider,
      readModel,
      onError: (error) => app.log.error({ err: error }, 'feed message failed'),
    });
    app.addHook('onClose', async () => feed.stop());
  }

  const context: ModuleContext = {
    app,
    config: deps.config,
    database: deps.database,
    counters: deps.counters,
    authenticate,
    identity,
    ledger,
    readModel,
    catalogue: createCatalogue(deps.database.db),
    now,
  };
  const operators = await registerOperatorModule(context);
  const { audit } = operators;
  const match = registerMatchModule(context, {
    settings: siteSettings,
    audit,
    streams: deps.streams,
    records: deps.teamRecords,
  });
  const realtime = await attachRealtime(context, { matches: match });
  closeSessionSockets = realtime.closeSessionSockets;
  const wallet = registerWalletModule(context, {
    credit,
    publishBalances: (userId, balances) => realtime.publishToUser(userId, 'balance', balances),
  });
  const tellBetStatus = (userId: number, event: AccountEventPayload<'H'>) =>
    realtime.publishToUser(userId, 'H', event);
  const { notifyBalanceChanged } = wallet;
  const loans = registerLoanModule(context, { wallet, audit });
  const withdrawals = registerWithdrawalsModule(context, { audit, notifyBalanceChanged });
  const deposits = await registerDepositsModule(
    context,
    { audit, notifyBalanceChanged },
    deps.config,
  );
  const orders = registerOrdersModule(
    context,
    { siteSettings: match.settings, audit, tellBetStatus, notifyBalanceChanged },
    deps.config,
  );
  const settlement = registerSettlementModule(context, {
    feedProvider: deps.feedProvider,
    tellBetStatus,
    notifyBalanceChanged,
    freeBets: orders.freeBets,
  });
  registerOrderStatsModule(context, {
    openLiability: orders.exposure.openLiability,
    legNames: orders.legNames,
  });
  registerLedgerModule(context);
  await registerTradingModule(context, { audit, exposure: orders.exposure, settlement });
  const members = registerIdentityDesks(context, {
    audit,
    balancesOf: wallet.balances,
    openOrdersOf: orders.exposure.openOrdersOf,
    isWithdrawLocked: withdrawals.isPasswordLocked,
    partnerChannels: [...deps.config.PARTNER_SECRETS.keys()],
    onSessionsEnded: realtime.closeSessionSockets,
  });
  registerAdjustmentsModule(context, {
    audit,
    findMember: members.findAnyWalletMember,
    notifyBalanceChanged,
    approvalAboveMajor: configSchema.shape.ADJUSTMENT_APPROVAL_ABOVE.parse(
      deps.config.ADJUSTMENT_APPROVAL_ABOVE,
    ),
  });
  const siteContent = registerSiteContentModule(context, { audit });
  const community = registerCommunityModule(context, { orders: orders.orders, audit });
  // Handed to the promotions, whose bonus-money envelopes grant through it.
  const bonus = registerBonusModule(context, {
    audit,
    orders: orders.orders,
    notifyBalanceChanged,
  });
  registerPredictionsModule(context, { viewers: match.viewers, records: deps.teamRecords });
  const promotions = registerPromotionsModule(context, {
    audit,
    bonus,
    orders,
    postHeading: siteContent.postHeading,
    publishToMembers: (event) => realtime.publishToMembers('envelope', event),
    notifyBalanceChanged,
  });
  const games = registerGamesModule(context, {
    audit,
    wallet,
    gameSwitchesOf: identity.gameSwitchesOf,
  });
  // Off on a production configuration unless turned on (config.ts API_DOCS); then /docs is 404.
  if (deps.config.API_DOCS !== false) await registerApiDocs(app);

  const webDistDir = deps.config.WEB_DIST_DIR;
  if (webDistDir && existsSync(join(webDistDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // The pages get their content security policy on the way out (security-headers.ts).
      setHeaders: (reply, filePath) => {
        const page = webPageOfFile(filePath);
        if (page) markWebPage(reply as unknown as FastifyReply, page);
      },
    });
  }
  const modules: AppModules = {
    identity,
    ledger,
    operators,
    match,
    realtime,
    wallet,
    loans,
    withdrawals,
    deposits,
    orders,
    settlement,
    games,
    community,
    bonus,
    promotions,
  };
  return { app, modules };
}
