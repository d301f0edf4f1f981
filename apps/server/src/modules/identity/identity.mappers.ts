import { type MemberType, memberType, type Session, type UserInfo } from '@sb/contract';
import { findCurrencyById, parseLanguage } from '@sb/domain';
import type { UserRow } from './identity.repository';

/** A member's credit limit and loan in their current currency (the loans module's figures). */
export interface CreditFields {
  creditAmount: number;
  loanAmount: number;
}

const noCredit: CreditFields = { creditAmount: 0, loanAmount: 0 };

/** SPEC §6 casino and lottery switches (bit flags), as a member's profile answers them. */
export interface GameSwitches {
  casinoSw: number;
  lotterySw: number;
}

/** A member's own switches; null follows the site default. */
export interface OwnGameSwitches {
  casinoSw: number | null;
  lotterySw: number | null;
}

export const ownGameSwitchesOf = (
  user: Pick<UserRow, 'casinoSw' | 'lotterySw'>,
): OwnGameSwitches => ({
  casinoSw: user.casinoSw,
  lotterySw: user.lotterySw,
});

/** What applies to a member: each of their own values, or the site default where they have none. */
export function effectiveGameSwitches(
  own: OwnGameSwitches,
  siteDefault: GameSwitches,
): GameSwitches {
  return {
    casinoSw: own.casinoSw ?? siteDefault.casinoSw,
    lotterySw: own.lotterySw ?? siteDefault.lotterySw,
  };
}

/** Visitors have no member id on the wire. */
export function memberIdOf(user: Pick<UserRow, 'id' | 'type'>): number {
  return user.type === memberType.visitor ? 0 : user.id;
}

function currencyFields(user: UserRow) {
  const currency = findCurrencyById(user.currencyId);
  if (!currency) throw new Error(`user ${user.id} has unknown currency ${user.currencyId}`);
  return {
    currencyCode: currency.currencyCode,
    currencyId: currency.currencyId,
    assetID: currency.assetID,
  };
}

/** SPEC's five-number oddsConfig; the risk level always sits in the fifth place. */
function oddsConfigOf(user: UserRow): [number, number, number, number, number] {
  const [nonHandicap = 0, handicap = 0, base = 0, reserved = 0] = user.oddsConfig;
  return [nonHandicap, handicap, base, reserved, user.riskLevel];
}

/** pUid above 0 marks a demo account; it is the demo account's own id. */
function pUidOf(user: UserRow): number {
  return user.type === memberType.demo ? user.id : 0;
}

export function toSession(
  user: UserRow,
  token: string,
  expiresAt: Date,
  credit: CreditFields = noCredit,
): Session {
  return {
    uid: user.uid,
    token,
    memberId: memberIdOf(user),
    account: user.account,
    source: user.source,
    languageCode: parseLanguage(user.languageCode),
    channelType: user.channelType,
    agentId: user.agentId,
    principal: user.principal,
    channel: user.partnerChannel,
    type: user.type,
    pUid: pUidOf(user),
    oddsConfig: oddsConfigOf(user),
    ...credit,
    ...currencyFields(user),
    expiresAt: expiresAt.getTime(),
    hasPlaceholderPassword: user.hasPlaceholderPassword,
  };
}

/** What the betting engine reads of a member (identity.service.ts, Bettor). */
export function toBettor(user: UserRow) {
  return {
    currencyId: user.currencyId,
    pUid: pUidOf(user),
    leagueIds: user.leagueIds,
    oddsConfig: oddsConfigOf(user),
    riskAmount: user.riskAmount,
  };
}

/** The profile: the game switches are the effective ones (own, else the site default). */
export function toUserInfo(
  user: UserRow,
  gameSwitches: GameSwitches,
  credit: CreditFields = noCredit,
): UserInfo {
  return {
    memberId: memberIdOf(user),
    uid: user.uid,
    account: user.account,
    type: user.type,
    pUid: pUidOf(user),
    isXyUser: user.isXyUser,
    leagueIds: user.leagueIds,
    isShow: user.isShow,
    hasWithdrawPwd: user.withdrawPasswordHash !== null,
    riskAmount: user.riskAmount,
    oddsConfig: oddsConfigOf(user),
    playerOdds: user.playerOdds,
    riskLevel: user.riskLevel,
    hdpStyle: user.hdpStyle,
    casinoSw: gameSwitches.casinoSw,
    lotterySw: gameSwitches.lotterySw,
    languageCode: parseLanguage(user.languageCode),
    channelType: user.channelType,
    agentId: user.agentId,
    principal: user.principal,
    ...credit,
    ...currencyFields(user),
    hasPlaceholderPassword: user.hasPlaceholderPassword,
  };
}

export function userTypeOf(user: UserRow) {
  const type = user.type as MemberType;
  return {
    type,
    memberId: memberIdOf(user),
    isVisitor: type === memberType.visitor,
    isDemo: type === memberType.demo,
    isPartner: type === memberType.partner,
  };
}
