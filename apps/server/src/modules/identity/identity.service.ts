import { channelTypes, type Language, memberType, type Session, type UserInfo } from '@sb/contract';
import {
  defaultCurrencyCode,
  demoCurrencyCode,
  findCurrencyByCode,
  findCurrencyById,
  quickAccountPlaceholderWirePassword,
  requireCurrency,
} from '@sb/domain';
import { createLookupBatcher } from '../../db/lookup-batcher';
import { AppError } from '../../http/app-error';
import type { AuthenticatedUser, CallContext } from '../../http/request-context';
import {
  decoyPasswordHash,
  generateToken,
  generateUid,
  hashPassword,
  sha256Hex,
  verifyPassword,
} from '../../platform/secrets';
import {
  type CreditFields,
  effectiveGameSwitches,
  type GameSwitches,
  ownGameSwitchesOf,
  toBettor,
  toSession,
  toUserInfo,
  userTypeOf,
} from './identity.mappers';
import type { IdentityRepository, NewUser, UserRow } from './identity.repository';
import type { SessionEndListener } from './identity.types';
import type { LoginGuard } from './login-guard';
import type { AccountCreationGuard } from './new-account-limits';
import { verifyPartnerToken } from './partner-auth';
import type { PartnerTokenRepository } from './partner-token.repository';

export interface IdentityServiceOptions {
  repository: IdentityRepository;
  loginGuard: LoginGuard;
  /** Limits registrations per address and device (new-account-limits.ts). */
  accountCreation: Pick<AccountCreationGuard, 'admitRegistration'>;
  partnerSecrets: ReadonlyMap<string, string>;
  /** The partner authTokens already used: each proves one request. */
  partnerTokens: PartnerTokenRepository;
  sessionTtlMs: number;
  now: () => Date;
  /** Gives a new demo account its demo money (the wallet's business, not identity's). */
  grantDemoBalance: (userId: number) => Promise<void>;
  /** A member's credit limit and loan in a currency (the loans module's); 0 and 0 without it. */
  readCredit?: (userId: number, currencyId: number) => Promise<CreditFields>;
  /** Told when a logout or a password change has ended sessions: their sockets close. */
  onSessionsEnded?: SessionEndListener;
  /**
   * The site default of the game switches (the match module's site settings), for members
   * without their own values.
   */
  gameSwitchDefaults: () => Promise<GameSwitches>;
}

interface Credentials {
  account: string;
  pwd: string;
  captchaId?: string | undefined;
  code?: string | undefined;
}

/** What a partner sends to sign one of its players in (`/open/member/login` and its passcode). */
export interface PartnerRequest {
  authToken: string;
  principal: string;
  channel: string;
  currencyCode?: string | undefined;
}

/** A partner's proven request: its player, the agent it plays under, and the currency. */
export interface PartnerGrant {
  channel: string;
  principal: string;
  /** The partner's agent id from the authToken; null when the token named none. */
  agentId: number | null;
  currencyId: number;
}

/** What the wallet needs to know of a user row; the back office reads blocked members too. */
export function walletMemberOf(row: UserRow) {
  return {
    userId: row.id,
    currencyId: row.currencyId,
    isDemo: row.type === memberType.demo,
    isVisitor: row.type === memberType.visitor,
    /** The risk level the members desk set (0–9): promotions may admit only some levels. */
    riskLevel: row.riskLevel,
    /** A quick account on the placeholder password moves no money out (docs/identity.md). */
    hasPlaceholderPassword: row.hasPlaceholderPassword,
    partner:
      row.partnerChannel && row.principal
        ? { channel: row.partnerChannel, principal: row.principal }
        : null,
  };
}

/**
 * What the betting engine reads of the member placing a bet: their currency and kind of money,
 * the leagues they may bet on, their price margins and risk amount. No credit line: a bet is
 * placed on the member's own balance, so a placement never reads one.
 */
export type Bettor = Pick<
  UserInfo,
  'currencyId' | 'pUid' | 'leagueIds' | 'oddsConfig' | 'riskAmount'
>;

/** Sessions read in one query at most (the tokens of callers that arrived together). */
const sessionReadBatchSize = 50;

/** The source flavour a client asked for (SPEC §1: 1 live-stream, 2 the default). */
function sourceOf(context: CallContext): number {
  return context.client.source === '1' ? 1 : 2;
}

export function createIdentityService(options: IdentityServiceOptions) {
  const { repository, loginGuard, accountCreation, now } = options;
  const defaultCurrencyId = requireCurrency(defaultCurrencyCode).currencyId;
  /**
   * The user row each identity was found with, for the rest of its request. Kept apart from the
   * identity, which travels through every call, and dropped with it.
   */
  const rowsReadWithSession = new WeakMap<AuthenticatedUser, UserRow>();
  /** Sessions asked for together are read in one query, each as of when it was read. */
  const findLiveSession = createLookupBatcher({
    maxKeys: sessionReadBatchSize,
    readMany: (tokenHashes: readonly string[]) => repository.findLiveSessions(tokenHashes, now()),
  });

  /** Visitors and demo players never have credit, so their sessions skip the read. */
  async function creditOf(user: UserRow): Promise<CreditFields | undefined> {
    const hasNoCredit = user.type === memberType.visitor || user.type === memberType.demo;
    if (hasNoCredit || !options.readCredit) return undefined;
    return options.readCredit(user.id, user.currencyId);
  }

  /** The switches that apply to a member: their own values, the site default where none. */
  async function gameSwitchesOfRow(user: UserRow): Promise<GameSwitches> {
    const own = ownGameSwitchesOf(user);
    if (own.casinoSw !== null && own.lotterySw !== null)
      return { casinoSw: own.casinoSw, lotterySw: own.lotterySw };
    return effectiveGameSwitches(own, await options.gameSwitchDefaults());
  }

  /** The profile of a user row: effective game switches, and credit unless told otherwise. */
  async function userInfoOf(user: UserRow): Promise<UserInfo> {
    const [gameSwitches, credit] = await Promise.all([gameSwitchesOfRow(user), creditOf(user)]);
    return toUserInfo(user, gameSwitches, credit);
  }

  async function issueSession(user: UserRow, context: CallContext): Promise<Session> {
    const token = generateToken();
    const session = await repository.insertSession({
      userId: user.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now().getTime() + options.sessionTtlMs),
      ip: context.ip,
      deviceId: context.client.deviceID ?? null,
    });
    return toSession(user, token, session.expiresAt, await creditOf(user));
  }

  async function requireUser(user: Pick<AuthenticatedUser, 'userId'>): Promise<UserRow> {
    const row = await repository.findUserById(user.userId);
    if (!row || row.blockedAt) throw new AppError('TOKEN_INVALID');
    return row;
  }

  function newUserValues(
    type: number,
    context: CallContext,
    extra: Partial<NewUser> = {},
  ): NewUser {
    return {
      uid: generateUid(),
      type,
      languageCode: context.language,
      currencyId: defaultCurrencyId,
      source: sourceOf(context),
      ...extra,
    };
  }

  /** Checks account and password under the login guard; the same refusal for both wrong. */
  async function verifyCredentials(
    credentials: Credentials,
    context: CallContext,
  ): Promise<UserRow> {
    const accountKey = credentials.account.trim().toLowerCase();
    await loginGuard.admit({
      accountKey,
      ip: context.ip,
      captchaId: credentials.captchaId,
      code: credentials.code,
    });
    const user = await repository.findUserByAccountKey(accountKey);
    const passwordHash = user?.passwordHash ?? (await decoyPasswordHash());
    const isValid = (await verifyPassword(passwordHash, credentials.pwd)) && user !== undefined;
    if (!isValid || !user) {
      await loginGuard.recordFailure(accountKey, context.ip);
      throw new AppError('BAD_CREDENTIALS');
    }
    if (user.blockedAt) throw new AppError('ACCOUNT_BLOCKED');
    // The placeholder is public: it proves nothing, so it opens no session (docs/identity.md).
    if (user.hasPlaceholderPassword) throw new AppError('QUICK_ACCOUNT_PASSWORD_NOT_SET');
    await loginGuard.recordSuccess(accountKey);
    return user;
  }

  /**
   * A partner's proof for one of its players: the signed authToken must name the same channel
   * and principal as the request. Answers whose player it is and in which currency they play;
   * shared by the partner login and the passcode a partner's server obtains. The token is spent
   * last, once nothing else refuses the request: it proves one request, so a copy of it (from a
   * log, a history, a link) cannot be replayed within its hour, on any process.
   */
  async function provePartnerRequest(input: PartnerRequest): Promise<PartnerGrant> {
    const nowDate = now();
    const claims = verifyPartnerToken(
      input.authToken,
      options.partnerSecrets,
      Math.floor(nowDate.getTime() / 1000),
    );
    if (!claims || claims.principal !== input.principal || claims.channel !== input.channel) {
      throw new AppError('PARTNER_AUTH_INVALID');
    }
    const currencyCode = input.currencyCode ?? claims.currencyCode ?? defaultCurrencyCode;
    const currency = findCurrencyByCode(currencyCode);
    if (!currency || currency.isDemo) throw new AppError('CURRENCY_NOT_ALLOWED', currencyCode);
    // A partner turned off learns it here, not from each of its players' failed links.
    await enabledPartnerSettings(claims.channel);
    const isFirstUse = await options.partnerTokens.recordUse(
      sha256Hex(input.authToken),
      new Date(claims.exp * 1000),
    );
    if (!isFirstUse) throw new AppError('PARTNER_AUTH_INVALID', 'this authToken was already used');
    await options.partnerTokens.deleteExpired(nowDate);
    return {
      channel: claims.channel,
      principal: claims.principal,
      agentId: claims.agentId ?? null,
      currencyId: currency.currencyId,
    };
  }

  /**
   * The operators' settings of a partner (undefined while the defaults stand), refusing one that
   * is turned off. Asked only once the partner is proven, so only the partner learns it is off.
   */
  async function enabledPartnerSettings(channel: string) {
    const settings = await repository.findPartnerSettings(channel);
    if (settings && !settings.isEnabled) throw new AppError('PARTNER_DISABLED');
    return settings;
  }

  /**
   * Signs in the player of a proven partner request: found or created by channel and principal,
   * in the request's currency, with a token of its own.
   */
  async function signInPartnerPlayer(grant: PartnerGrant, context: CallContext): Promise<Session> {
    const settings = await enabledPartnerSettings(grant.channel);
    const user = await repository.upsertPartnerUser(
      newUserValues(memberType.partner, context, {
        channelType: channelTypes.partner,
        agentId: grant.agentId ?? 1,
        partnerChannel: grant.channel,
        principal: grant.principal,
        currencyId: grant.currencyId,
        // The partner's defaults, for a player it signs in for the first time.
        isShow: settings?.defaultIsShow ?? true,
        leagueIds: settings?.defaultLeagueIds ?? [],
      }),
    );
    if (user.blockedAt) throw new AppError('ACCOUNT_BLOCKED');
    return issueSession(user, context);
  }

  return {
    async authenticate(token: string, uid: string | undefined): Promise<AuthenticatedUser | null> {
      const found = await findLiveSession(sha256Hex(token));
      const row = found?.user;
      // A partner an operator turned off takes its players' sessions with it (docs/identity.md).
      if (!found || !row || row.blockedAt || found.partnerEnabled === false) return null;
      if (uid !== undefined && uid !== row.uid) return null;
      const authenticated: AuthenticatedUser = {
        userId: row.id,
        uid: row.uid,
        memberId: row.type === memberType.visitor ? 0 : row.id,
        type: row.type as AuthenticatedUser['type'],
        tokenId: found.sessionId,
      };
      rowsReadWithSession.set(authenticated, row);
      return authenticated;
    },

    async createVisitor(context: CallContext): Promise<Session> {
      const user = await repository.insertUser(newUserValues(memberType.visitor, context));
      return issueSession(user, context);
    },

    /** Answers the caller's session afresh and pushes its expiry out by the session lifetime. */
    async resumeSession(user: AuthenticatedUser, context: CallContext): Promise<Session> {
      const row = await requireUser(user);
      const expiresAt = new Date(now().getTime() + options.sessionTtlMs);
      await repository.extendSession(user.tokenId, expiresAt);
      return toSession(row, context.token ?? '', expiresAt, await creditOf(row));
    },

    /** `hasPlaceholderPassword` marks a quick account (quick-account.service.ts). */
    async register(
      input: { account: string; pwd: string; promoteCode?: string | undefined },
      context: CallContext,
      options: { hasPlaceholderPassword?: boolean } = {},
    ) {
      // A quick account was counted against limits of its own (quick-account.service.ts).
      if (!options.hasPlaceholderPassword) await accountCreation.admitRegistration(context);
      const user = await repository.insertUserUnlessAccountTaken(
        newUserValues(memberType.member, context, {
          account: input.account,
          accountKey: input.account.toLowerCase(),
          passwordHash: await hashPassword(input.pwd),
          promoteCode: input.promoteCode || null,
          hasPlaceholderPassword: options.hasPlaceholderPassword ?? false,
        }),
      );
      if (!user) throw new AppError('ACCOUNT_TAKEN');
      return issueSession(user, context);
    },

    async login(credentials: Credentials, context: CallContext): Promise<Session> {
      const user = await verifyCredentials(credentials, context);
      if (user.languageCode !== context.language && context.client.lang) {
        const updated = await repository.updateUser(user.id, { languageCode: context.language });
        return issueSession(updated ?? user, context);
      }
      return issueSession(user, context);
    },

    async createTryPlay(context: CallContext): Promise<Session> {
      const user = await repository.insertUser(
        newUserValues(memberType.demo, context, {
          currencyId: requireCurrency(demoCurrencyCode).currencyId,
        }),
      );
      await options.grantDemoBalance(user.id);
      return issueSession(user, context);
    },

    provePartnerRequest,

    signInPartnerPlayer,

    async partnerLogin(input: PartnerRequest, context: CallContext): Promise<Session> {
      return signInPartnerPlayer(await provePartnerRequest(input), context);
    },

    async profile(user: AuthenticatedUser): Promise<UserInfo> {
      return userInfoOf(await requireUser(user));
    },

    /**
     * The casino and lottery switches that apply to a user (SPEC §6): their own values, the site
     * default where they have none; for null (a caller without a session) the site default.
     */
    async gameSwitchesOf(userId: number | null): Promise<GameSwitches> {
      if (userId === null) return { ...(await options.gameSwitchDefaults()) };
      const row = await repository.findUserById(userId);
      if (!row) throw new AppError('NOT_FOUND', `userId: no member ${userId}`);
      return gameSwitchesOfRow(row);
    },

    /** The site default of the game switches, for members without their own. */
    async gameSwitchDefaults(): Promise<GameSwitches> {
      return { ...(await options.gameSwitchDefaults()) };
    },

    /**
     * The member placing a bet, as the betting rules read them: from the row their session was
     * found with a moment ago in the same request, or read afresh for a user identified
     * otherwise.
     */
    async bettor(user: AuthenticatedUser): Promise<Bettor> {
      return toBettor(rowsReadWithSession.get(user) ?? (await requireUser(user)));
    },

    /** The language and the odds display style are the profile's only member-set fields. */
    async editProfile(
      user: AuthenticatedUser,
      changes: { languageCode?: Language | undefined; hdpStyle?: number | undefined },
    ): Promise<UserInfo> {
      const row = await requireUser(user);
      const values = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      );
      if (Object.keys(values).length === 0) return userInfoOf(row);
      const updated = await repository.updateUser(user.userId, values);
      if (!updated) throw new AppError('TOKEN_INVALID');
      return userInfoOf(updated);
    },

    /**
     * A wrong current password counts as a failed login, so it cannot be guessed faster here. A
     * quick account replaces its placeholder here, once: the write is conditional on the flag,
     * so two changes racing from the placeholder leave one password, and the other is told the
     * old password is wrong.
     */
    async changePassword(
      user: AuthenticatedUser,
      input: { pwd: string; oldPwd: string },
      context: CallContext,
    ) {
      const row = await requireUser(user);
      if (!row.passwordHash || !row.accountKey) throw new AppError('NOT_ALLOWED_FOR_MEMBER_TYPE');
      await loginGuard.admitSignedIn(row.accountKey, context.ip);
      if (!(await verifyPassword(row.passwordHash, input.oldPwd))) {
        await loginGuard.recordFailure(row.accountKey, context.ip);
        throw new AppError('WRONG_OLD_PASSWORD');
      }
      const passwordHash = await hashPassword(input.pwd);
      if (row.hasPlaceholderPassword) {
        if (input.pwd.toLowerCase() === quickAccountPlaceholderWirePassword)
          throw new AppError(
            'INVALID_INPUT',
            'pwd: must be a password of your own, not the placeholder',
          );
        if (!(await repository.replacePlaceholderPassword(row.id, passwordHash)))
          throw new AppError('WRONG_OLD_PASSWORD');
      } else {
        await repository.updateUser(row.id, { passwordHash });
      }
      await repository.revokeAllSessions(row.id, now());
      options.onSessionsEnded?.({ userId: row.id, sessionId: null });
      return null;
    },

    /**
     * Sets or replaces the withdrawal password, kept as argon2id beside the login password. The
     * login password must be given, and a wrong one counts as a failed login like on password
     * change. The withdrawals module counts wrong withdrawal passwords and locks withdrawals.
     */
    async setWithdrawPassword(
      user: AuthenticatedUser,
      input: { loginPwd: string; pwd: string },
      context: CallContext,
    ): Promise<void> {
      const row = await requireUser(user);
      if (!row.passwordHash || !row.accountKey) throw new AppError('NOT_ALLOWED_FOR_MEMBER_TYPE');
      await loginGuard.admitSignedIn(row.accountKey, context.ip);
      if (!(await verifyPassword(row.passwordHash, input.loginPwd))) {
        await loginGuard.recordFailure(row.accountKey, context.ip);
        throw new AppError('LOGIN_PASSWORD_WRONG');
      }
      await repository.updateUser(row.id, { withdrawPasswordHash: await hashPassword(input.pwd) });
    },

    /** Checks a withdrawal password; `unset` when the member has none. */
    async checkWithdrawPassword(
      user: AuthenticatedUser,
      pwd: string,
    ): Promise<'unset' | 'right' | 'wrong'> {
      const row = await requireUser(user);
      if (!row.withdrawPasswordHash) return 'unset';
      return (await verifyPassword(row.withdrawPasswordHash, pwd)) ? 'right' : 'wrong';
    },

    async logout(user: AuthenticatedUser): Promise<null> {
      await repository.revokeSession(user.tokenId, now());
      options.onSessionsEnded?.({ userId: user.userId, sessionId: user.tokenId });
      return null;
    },

    async changeCurrency(user: AuthenticatedUser, currencyId: number): Promise<UserInfo> {
      const row = await requireUser(user);
      const currency = findCurrencyById(currencyId);
      const isDemoUser = row.type === memberType.demo;
      if (!currency || currency.isDemo !== isDemoUser)
        throw new AppError('CURRENCY_NOT_ALLOWED', String(currencyId));
      const updated = await repository.updateUser(row.id, { currencyId });
      if (!updated) throw new AppError('TOKEN_INVALID');
      return userInfoOf(updated);
    },

    /** What the wallet needs to know of a user (the caller, or one whose money moved). */
    async walletMember(user: Pick<AuthenticatedUser, 'userId'>) {
      return walletMemberOf(await requireUser(user));
    },

    /**
     * What the wallet needs to know of several users at once, by user id; a user that does not
     * exist or is blocked is left out.
     */
    async walletMembers(userIds: readonly number[]) {
      const rows = await repository.findUsersByIds(userIds);
      return new Map(
        rows.filter((row) => !row.blockedAt).map((row) => [row.id, walletMemberOf(row)] as const),
      );
    },

    /**
     * Account names by user id, for a desk that lists members' requests: blocked members keep
     * theirs, since their requests still wait for a decision. Null for a user without one (a
     * visitor, a partner's player); unknown ids are left out.
     */
    async accountNames(userIds: readonly number[]): Promise<Map<number, string | null>> {
      if (userIds.length === 0) return new Map();
      const rows = await repository.findUsersByIds(userIds);
      return new Map(rows.map((row) => [row.id, row.account] as const));
    },

    async userType(user: AuthenticatedUser) {
      return userTypeOf(await requireUser(user));
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
