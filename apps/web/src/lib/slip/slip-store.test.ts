import type { Session, UserInfo } from '@sb/contract';
import { visibilityFor } from '@sb/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { useDialogStore } from '../session/dialog-store';
import { useSessionStore } from '../session/session-store';
import { useToastStore } from '../toast-store';
import { type SlipSelection, selectIsOnSlip, useSlipStore } from './slip-store';

let nextOption = 0;

/** A selection on a match and play of its own unless told otherwise. */
function pick(fields: Partial<SlipSelection> = {}): SlipSelection {
  nextOption += 1;
  return {
    oi: `opt-${nextOption}`,
    sportId: 1,
    matchId: 1000 + nextOption,
    playId: 3,
    specifiers: '',
    odds: 1.9,
    home: 'Home',
    away: 'Away',
    leagueName: 'League',
    marketName: '1X2',
    optionName: 'Home',
    isLive: false,
    ...fields,
  };
}

function signIn(memberId: number, leagueIds: number[] = [], token = 't'): void {
  useSessionStore.setState({
    session: { memberId, uid: 'u', token } as Session,
    userInfo: { leagueIds } as unknown as UserInfo,
  });
}

const oisOnSlip = () => useSlipStore.getState().selections.map((selection) => selection.oi);
const warnings = () => useToastStore.getState().toasts.filter((toast) => toast.tone === 'warning');
const { toggle } = useSlipStore.getState();

describe('bet slip store (SPEC §4–§5)', () => {
  beforeEach(() => {
    useSlipStore.setState({
      selections: [],
      mode: 'single',
      placements: [],
      replacement: null,
      pricedForToken: '',
    });
    useToastStore.setState({ toasts: [] });
    useDialogStore.getState().closeDialogs();
    signIn(42);
  });

  it('drops the selections of a sport or play the control switches hide, and no other', () => {
    const football = pick({ sportId: 1, playId: 3 });
    const oddEven = pick({ sportId: 1, playId: 6 });
    const tennis = pick({ sportId: 3, playId: 3 });
    const overUnder = pick({ sportId: 2, playId: 2 });
    for (const selection of [football, oddEven, tennis, overUnder]) toggle(selection);
    const held = useSlipStore.getState().selections;
    useSlipStore.getState().keepVisible(visibilityFor([70], false));
    expect(useSlipStore.getState().selections).toBe(held);
    useSlipStore.getState().keepVisible(visibilityFor([2, 20], false));
    expect(oisOnSlip()).toEqual([overUnder.oi, football.oi]);
    // The live-stream flavour never shows play type 2, whatever the sport.
    useSlipStore.getState().keepVisible(visibilityFor([], true));
    expect(oisOnSlip()).toEqual([football.oi]);
    useSlipStore.getState().keepVisible(visibilityFor([1], false));
    expect(oisOnSlip()).toEqual([]);
  });

  it('puts a new selection on top and removes it on a second click', () => {
    const first = pick();
    const second = pick();
    toggle(first);
    toggle(second);
    expect(oisOnSlip()).toEqual([second.oi, first.oi]);
    expect(selectIsOnSlip(first.oi)(useSlipStore.getState())).toBe(true);
    toggle(first);
    expect(oisOnSlip()).toEqual([second.oi]);
    expect(selectIsOnSlip(first.oi)(useSlipStore.getState())).toBe(false);
  });

  it('replaces the same match and play in single mode, and keeps other plays of the match', () => {
    const home = pick({ matchId: 7, playId: 3 });
    const total = pick({ matchId: 7, playId: 2 });
    const away = pick({ matchId: 7, playId: 3, optionName: 'Away' });
    toggle(home);
    toggle(total);
    const outcome = toggle(away);
    expect(outcome).toMatchObject({ kind: 'added', replaced: [home] });
    expect(oisOnSlip()).toEqual([away.oi, total.oi]);
  });

  it('keeps one selection per match in a parlay', () => {
    useSlipStore.getState().setMode('parlay');
    const handicap = pick({ matchId: 9, playId: 1 });
    const other = pick({ matchId: 10 });
    const total = pick({ matchId: 9, playId: 2 });
    toggle(handicap);
    toggle(other);
    toggle(total);
    expect(oisOnSlip()).toEqual([total.oi, other.oi]);
  });

  it('holds at most 8 selections and warns with moreMatchTip', () => {
    for (let index = 0; index < 8; index++) toggle(pick());
    const ninth = pick();
    expect(toggle(ninth)).toEqual({ kind: 'refused', reason: 'moreMatchTip' });
    expect(oisOnSlip()).toHaveLength(8);
    expect(oisOnSlip()).not.toContain(ninth.oi);
    expect(warnings()).toHaveLength(1);
  });

  it('still replaces on a full slip, as the count does not grow', () => {
    const selections = Array.from({ length: 8 }, () => pick());
    for (const selection of selections) toggle(selection);
    const sameMatchAndPlay = pick({ matchId: selections[0]?.matchId, playId: 3 });
    expect(toggle(sameMatchAndPlay).kind).toBe('added');
    expect(oisOnSlip()).toHaveLength(8);
    expect(oisOnSlip()[0]).toBe(sameMatchAndPlay.oi);
  });

  it('refuses play 999999 in a parlay with noMixBet, and takes it as a single', () => {
    useSlipStore.getState().setMode('parlay');
    const special = pick({ playId: 999_999 });
    expect(toggle(special)).toEqual({ kind: 'refused', reason: 'noMixBet' });
    expect(oisOnSlip()).toEqual([]);
    expect(warnings()).toHaveLength(1);
    useSlipStore.getState().setMode('single');
    expect(toggle(special).kind).toBe('added');
  });

  it('refuses champion plays (21000 and above) in a parlay with noMixBetChampion', () => {
    useSlipStore.getState().setMode('parlay');
    expect(toggle(pick({ playId: 21_000 }))).toEqual({
      kind: 'refused',
      reason: 'noMixBetChampion',
    });
    expect(toggle(pick({ playId: 20_999 })).kind).toBe('added');
    expect(oisOnSlip()).toHaveLength(1);
  });

  it('keeps a visitor’s picks on the slip through login, within the member’s leagues', () => {
    signIn(0);
    const inLeague = pick({ leagueId: 5 });
    const outOfLeague = pick({ leagueId: 7 });
    const unknownLeague = pick();
    expect(toggle(inLeague).kind).toBe('added');
    expect(useDialogStore.getState().open).toBe('login');
    toggle(outOfLeague);
    toggle(unknownLeague);
    expect(oisOnSlip()).toEqual([unknownLeague.oi, outOfLeague.oi, inLeague.oi]);
    expect(warnings()).toHaveLength(0);
    // Logged in: the member's leagueIds arrive with their settings.
    signIn(42, [5, 6]);
    expect(oisOnSlip()).toEqual([unknownLeague.oi, inLeague.oi]);
    expect(warnings()).toHaveLength(0);
  });

  it('says what a pick replaced until the slip changes again', () => {
    const first = pick({ matchId: 77, playId: 3, optionName: '1' });
    const second = pick({ matchId: 77, playId: 3, optionName: 'X' });
    toggle(first);
    expect(useSlipStore.getState().replacement).toBeNull();
    toggle(second);
    expect(useSlipStore.getState().replacement).toEqual({ previous: [first], current: second });
    toggle(pick({ matchId: 77, playId: 2 }));
    expect(useSlipStore.getState().replacement).toBeNull();
    toggle(first);
    expect(useSlipStore.getState().replacement?.previous).toEqual([second]);
    useSlipStore.getState().remove(first.oi);
    expect(useSlipStore.getState().replacement).toBeNull();
  });

  it('ignores leagues outside a non-empty leagueIds list, silently', () => {
    signIn(42, [5, 6]);
    expect(toggle(pick({ leagueId: 7 }))).toEqual({ kind: 'refused', reason: 'leagueNotAllowed' });
    expect(warnings()).toHaveLength(0);
    expect(toggle(pick({ leagueId: 6 })).kind).toBe('added');
    signIn(42, []);
    expect(toggle(pick({ leagueId: 7 })).kind).toBe('added');
    expect(oisOnSlip()).toHaveLength(2);
  });

  it('moves a price on J and blanks, then refreshes, a live option that closes and reopens', () => {
    const live = pick({ isLive: true });
    const preMatch = pick();
    toggle(live);
    toggle(preMatch);
    const store = useSlipStore.getState();
    store.applyPriceMove({ oi: live.oi, co: 2.05, ico: 1 });
    expect(useSlipStore.getState().selections[1]).toMatchObject({ odds: 2.05, priceMove: 1 });
    store.refreshOption(live.oi, { status: 1 });
    store.refreshOption(preMatch.oi, { status: 1 });
    store.refreshOption(live.oi, { status: 0, odds: 2.2 });
    store.refreshOption(preMatch.oi, { status: 0, odds: 2.2 });
    const [preMatchNow, liveNow] = useSlipStore.getState().selections;
    expect(liveNow).toMatchObject({ status: 0, odds: 2.2 });
    expect(preMatchNow).toMatchObject({ status: 1, odds: 1.9 });
    expect(oisOnSlip()).toEqual([preMatch.oi, live.oi]);
  });

  it('says whose prices it holds, and takes the next viewer’s prices for every pick', () => {
    signIn(0, [], 'visitor-token');
    const first = pick({ odds: 3.51 });
    const second = pick({ odds: 1.8 });
    toggle(first);
    expect(useSlipStore.getState().pricedForToken).toBe('visitor-token');
    // Signed in, the picks still show the visitor's prices; a pick made now does not hide that.
    signIn(42, [], 'member-token');
    toggle(second);
    expect(useSlipStore.getState().pricedForToken).toBe('visitor-token');
    useSlipStore.getState().takeViewerPrices('member-token', [
      { oi: first.oi, status: 0, odds: 3.8 },
      { oi: second.oi, status: 0, odds: 1.75 },
    ]);
    expect(useSlipStore.getState().selections.map((selection) => selection.odds)).toEqual([
      1.75, 3.8,
    ]);
    expect(useSlipStore.getState().pricedForToken).toBe('member-token');
    // An empty slip takes the viewer of its first pick.
    useSlipStore.getState().clear();
    signIn(42, [], 'another-token');
    toggle(pick());
    expect(useSlipStore.getState().pricedForToken).toBe('another-token');
  });

  it('follows its own placements on H and ignores orders placed elsewhere', () => {
    const store = useSlipStore.getState();
    store.recordPlacement({ memberId: 42, orderNo: 'A1', ois: ['x'], status: 0, reason: 0 });
    expect(store.applyBetStatus({ orderNo: 'A1', oi: 'x', bs: 2, mr: 4 })).toMatchObject({
      status: 2,
      reason: 4,
    });
    expect(store.applyBetStatus({ orderNo: 'B2', oi: 'y', bs: 1, mr: 0 })).toBeNull();
    expect(useSlipStore.getState().placements).toEqual([
      { memberId: 42, orderNo: 'A1', ois: ['x'], status: 2, reason: 4 },
    ]);
  });
});
