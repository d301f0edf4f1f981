import type { BalanceEntry } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { ModuleContext } from '../../module-context';
import type { CounterStore } from '../../platform/counter-store';
import type { AuditService } from '../operators/audit.service';
import { createIdentityRepository } from './identity.repository';
import { registerIdentityRoutes } from './identity.routes';
import {
  createIdentityService,
  type IdentityService,
  type IdentityServiceOptions,
  walletMemberOf,
} from './identity.service';
import type { SessionEndListener } from './identity.types';
import { createLoginGuard } from './login-guard';
import { createMemberAdminRepository } from './member-admin.repository';
import { createMemberAdmin, createMemberDesk } from './member-admin.service';
import { registerMemberDeskRoutes } from './member-desk.routes';
import {
  type AccountCreationConfig,
  accountCreationLimitsOf,
  createAccountCreationGuard,
} from './new-account-limits';
import { createPartnerAdminRepository } from './partner-admin.repository';
import { createPartnerAdmin } from './partner-admin.service';
import { registerPartnerDeskRoutes } from './partner-desk.routes';
import { createPartnerTokenRepository } from './partner-token.repository';
import { createPasscodeRepository } from './passcode.repository';
import { registerPasscodeRoutes } from './passcode.routes';
import { createPasscodeService } from './passcode.service';
import { registerQuickAccountRoutes } from './quick-account.routes';
import { createQuickAccountService } from './quick-account.service';

export type { AccountCreationConfig } from './new-account-limits';

/**
 * Builds identity (users, sessions, the login guard, partner passcodes, quick accounts) and binds
 * the members' calls. It comes first: every other module is handed its service (ModuleContext),
 * so what it needs of others (demo money, credit lines) is handed in as functions.
 */
export function registerIdentityModule(deps: {
  app: FastifyInstance;
  db: Database;
  config: Pick<Config, 'PARTNER_SECRETS' | 'SESSION_TTL_HOURS'> & AccountCreationConfig;
  counters: CounterStore;
  now: () => Date;
  /** Chooses captcha codes; tests supply a known one. */
  generateCaptchaCode?: () => string;
  grantDemoBalance: IdentityServiceOptions['grantDemoBalance'];
  readCredit?: IdentityServiceOptions['readCredit'];
  onSessionsEnded?: SessionEndListener;
  /** The site default of the game switches (the match module's site settings). */
  gameSwitchDefaults: IdentityServiceOptions['gameSwitchDefaults'];
}): IdentityService {
  const { app, db, counters, now } = deps;
  const repository = createIdentityRepository(db);
  const loginGuard = createLoginGuard({
    repository,
    counters,
    now,
    generateCaptchaCode: deps.generateCaptchaCode,
  });
  const accountCreation = createAccountCreationGuard(
    counters,
    accountCreationLimitsOf(deps.config),
  );
  const identity = createIdentityService({
    repository,
    loginGuard,
    accountCreation,
    partnerSecrets: deps.config.PARTNER_SECRETS,
    partnerTokens: createPartnerTokenRepository(db),
    sessionTtlMs: deps.config.SESSION_TTL_HOURS * 3_600_000,
    now,
    grantDemoBalance: deps.grantDemoBalance,
    readCredit: deps.readCredit,
    onSessionsEnded: deps.onSessionsEnded,
    gameSwitchDefaults: deps.gameSwitchDefaults,
  });
  const { authenticate } = identity;
  registerIdentityRoutes(app, authenticate, identity, loginGuard);
  registerPasscodeRoutes(
    app,
    authenticate,
    createPasscodeService({ repository: createPasscodeRepository(db), identity, now }),
  );
  registerQuickAccountRoutes(
    app,
    authenticate,
    createQuickAccountService({ identity, accountCreation }),
  );
  return identity;
}

/**
 * The operators' desks over identity's own tables: members (search, a member's whole picture,
 * blocking, risk settings, game switches) and partners (the channels PARTNER_SECRETS
 * configures). What they show of other modules (balances, open bets, the withdrawal lock) is
 * handed in.
 */
export function registerIdentityDesks(
  context: ModuleContext,
  deps: {
    audit: AuditService;
    balancesOf: (member: ReturnType<typeof walletMemberOf>) => Promise<BalanceEntry[]>;
    openOrdersOf: (userId: number) => Promise<number>;
    isWithdrawLocked: (userId: number) => Promise<boolean>;
    /** The partner channels PARTNER_SECRETS configures: the only ones the desk knows. */
    partnerChannels: readonly string[];
    /** Told when blocking a member has ended their sessions: their sockets close. */
    onSessionsEnded?: SessionEndListener;
  },
) {
  const { app, authenticate, now } = context;
  const db = context.database.db;
  const members = createMemberAdmin({
    repository: createMemberAdminRepository(db),
    now,
    onSessionsEnded: deps.onSessionsEnded,
  });
  registerMemberDeskRoutes(app, authenticate, {
    members,
    gameSwitchDefaults: context.identity.gameSwitchDefaults,
    desk: createMemberDesk({
      members,
      balancesOf: deps.balancesOf,
      openOrdersOf: deps.openOrdersOf,
      isWithdrawLocked: deps.isWithdrawLocked,
      gameSwitchDefaults: context.identity.gameSwitchDefaults,
    }),
    audit: deps.audit,
  });
  registerPartnerDeskRoutes(app, authenticate, {
    partners: createPartnerAdmin({
      repository: createPartnerAdminRepository(db),
      channels: deps.partnerChannels,
      now,
    }),
    audit: deps.audit,
  });
  return {
    /** What the wallet needs of a member, read for an operator: blocked members included. */
    async findAnyWalletMember(userId: number) {
      return walletMemberOf(await members.find(userId));
    },
  };
}
