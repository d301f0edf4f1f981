import type { MarketOption, MatchDelta, SocketMatch } from '@sb/contract';
import { describe, expect, it, vi } from 'vitest';
import { createLiveStore } from './live-store';

const room = 'A-1-42';

function option(oi: string, o: number, s = 0): MarketOption {
  return { oi, md: 1, s, h: oi, ah: oi, n: '', o, oa: 0, om: 0, od: 0, us: 0, ao: 0 };
}

function match(markets: SocketMatch['z'], hs = 0): SocketMatch {
  const ev = {
    a: 1,
    b: 42,
    c: 1,
    e: 0,
    g: '',
    h1: hs,
    h2: 0,
    h3: 0,
    h4: 0,
    h5: 0,
    a1: 0,
    a2: 0,
    a3: 0,
    a4: 0,
    a5: 0,
    hs,
    as: 0,
    o: 'Home',
    r: 'Away',
  };
  return {
    a: 1,
    b: 42,
    l: 7,
    ln: 'L',
    lc: 'C',
    g: 1,
    t: 0,
    o: 'Home',
    r: 'Away',
    ev,
    z: markets,
    mc: 1,
    si: 2026,
    sm: 1,
    sn: 2,
  };
}

const baseMarkets = { '1': { 'hcp=-0.5': [option('h', 1.9), option('a', 1.95)] } };

function delta(seq: number, z: SocketMatch['z'], epoch = 1): MatchDelta {
  const { ev, mc } = match({});
  return { room, epoch, seq, data: { k: 'odds_change', a: 1, b: 42, g: 1, ev, mc, z } };
}

/** A store whose frames run only when the test says so. */
function manualStore() {
  const frames: (() => void)[] = [];
  const resyncs: string[][] = [];
  let clock = 1_000;
  const store = createLiveStore({
    requestResync: (rooms) => resyncs.push(rooms),
    scheduleFrame: (flush) => frames.push(flush),
    now: () => clock,
  });
  const runFrame = () => {
    for (const flush of frames.splice(0)) flush();
  };
  return { store, frames, resyncs, runFrame, tick: (ms: number) => (clock += ms) };
}

describe('live store', () => {
  it('takes the tracker of a play delta and keeps it through changes that carry none', () => {
    const { store } = manualStore();
    store.applySnapshot({ room, epoch: 1, seq: 5, data: match(baseMarkets) });
    const lt = {
      p: { n: 9, k: 'corner' as const, s: 2, m: 600 },
      st: [{ k: 'corners' as const, h: 1, a: 4 }],
    };
    const play = delta(6, {});
    store.applyDelta({ ...play, data: { ...play.data, k: 'play', lt } });
    expect(store.get(42)?.match?.lt).toEqual(lt);
    store.applyDelta(delta(7, {}));
    expect(store.get(42)?.match?.lt).toEqual(lt);
    expect(store.get(42)?.match?.z).toEqual(baseMarkets);
  });

  it('replaces what it holds with every snapshot', () => {
    const { store } = manualStore();
    store.applySnapshot({ room, epoch: 1, seq: 5, data: match(baseMarkets) });
    store.applySnapshot({ room, epoch: 2, seq: 3, data: match({}) });
    expect(store.get(42)).toMatchObject({ epoch: 2, seq: 3 });
    expect(store.get(42)?.match?.z).toEqual({});
  });

  it('applies a delta at seq + 1 of the same epoch, merging market by market', () => {
    const { store, resyncs } = manualStore();
    store.applySnapshot({ room, epoch: 1, seq: 5, data: match(baseMarkets) });
    store.applyDelta(delta(6, { '1': { 'hcp=-0.5': [option('h', 2.1), option('a', 1.7)] } }));
    const held = store.get(42);
    expect(held?.seq).toBe(6);
    expect(held?.match?.z['1']?.['hcp=-0.5']?.map((o) => o.o)).toEqual([2.1, 1.7]);
    expect(held?.moves.get('h')?.direction).toBe(1);
    expect(held?.moves.get('a')?.direction).toBe(-1);
    expect(resyncs).toEqual([]);
  });

  it('drops a line the delta withdrew', () => {
    const { store } = manualStore();
    store.applySnapshot({ room, epoch: 1, seq: 5, data: match(baseMarkets) });
    store.applyDelta(delta(6, { '1': { 'hcp=-0.5': [option('h', 1.9, 2), option('a', 1.9, 2)] } }));
    expect(store.get(42)?.match?.z).toEqual({});
  });

  it('drops a line settled or cancelled while its match goes on, keeping the others', () => {
    const { store } = manualStore();
    const goals = { 'goalnr=1': [option('g1', 2.1)], 'goalnr=2': [option('g2', 2.3)] };
    store.applySnapshot({ room, epoch: 1, seq: 5, data: match({ ...baseMarkets, '26': goals }) });
    // Goal 1 is in: its market settles; then a line's market is cancelled.
    store.applyDelta(delta(6, { '26': { 'goalnr=1': [option('g1', 0, 3)] } }));
    expect(store.get(42)?.match?.z['26']).toEqual({ 'goalnr=2': goals['goalnr=2'] });
    store.applyDelta(delta(7, { '1': { 'hcp=-0.5': [option('h', 0, 4), option('a', 0, 4)] } }));
    expect(store.get(42)?.match?.z['1']).toBeUndefined();
    // A suspended line stays, locked.
    store.applyDelta(delta(8, { '26': { 'goalnr=2': [option('g2', 2.3, 1)] } }));
    expect(store.get(42)?.match?.z['26']?.['goalnr=2']?.[0]?.s).toBe(1);
  });

  it('asks for a resync on a gap or another epoch, applying neither', () => {
    const { store, resyncs, runFrame } = manualStore();
    store.applySnapshot({ room, epoch: 1, seq: 5, data: match(baseMarkets) });
    store.applyDelta(delta(8, {}));
    store.applyDelta(delta(6, {}, 2));
    runFrame();
    expect(store.get(42)?.seq).toBe(5);
    expect(resyncs).toEqual([[room]]);
  });

  it('ignores a delta it already holds and a delta before any snapshot asks for one', () => {
    const { store, resyncs, runFrame } = manualStore();
    store.applySnapshot({ room, epoch: 1, seq: 5, data: match(baseMarkets) });
    store.applyDelta(delta(5, { '1': {} }));
    store.applyDelta(delta(4, {}));
    runFrame();
    expect(resyncs).toEqual([]);
    store.applyDelta({ ...delta(1, {}), room: 'A-1-43' });
    runFrame();
    expect(resyncs).toEqual([['A-1-43']]);
  });

  it('tells each match listener once per frame, and only about its own match', () => {
    const { store, frames, runFrame } = manualStore();
    const own = vi.fn();
    const other = vi.fn();
    store.subscribe(42, own);
    store.subscribe(43, other);
    store.applySnapshot({ room, epoch: 1, seq: 5, data: match(baseMarkets) });
    for (let seq = 6; seq < 16; seq++)
      store.applyDelta(delta(seq, { '1': { 'hcp=-0.5': [option('h', 1 + seq / 10)] } }));
    expect(own).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
    runFrame();
    expect(own).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    expect(store.get(42)?.seq).toBe(15);
  });

  it('stops telling a listener once it unsubscribed', () => {
    const { store, runFrame } = manualStore();
    const listener = vi.fn();
    const stop = store.subscribe(42, listener);
    stop();
    store.applySnapshot({ room, epoch: 1, seq: 1, data: match(baseMarkets) });
    runFrame();
    expect(listener).not.toHaveBeenCalled();
  });

  it('forgets price moves once they faded', () => {
    const { store, tick } = manualStore();
    store.applySnapshot({ room, epoch: 1, seq: 5, data: match(baseMarkets) });
    store.applyDelta(delta(6, { '1': { 'hcp=-0.5': [option('h', 2.1), option('a', 1.95)] } }));
    expect(store.get(42)?.moves.size).toBe(1);
    tick(5_000);
    store.applyDelta(delta(7, { '2': { 'total=2.5': [option('o', 1.8)] } }));
    expect(store.get(42)?.moves.size).toBe(0);
  });

  it('takes a whole-match delta as the new match', () => {
    const { store } = manualStore();
    store.applySnapshot({ room, epoch: 1, seq: 5, data: match(baseMarkets) });
    const whole = match({ '3': { '': [option('x', 3.2, 1)] } }, 2);
    store.applyDelta({ room, epoch: 1, seq: 6, data: { ...whole, k: 'bet_stop' } });
    expect(store.get(42)?.match?.z).toEqual(whole.z);
    expect(store.get(42)?.match?.ev.hs).toBe(2);
  });

  it('forgets matches neither followed nor listened to', () => {
    const { store } = manualStore();
    store.applySnapshot({ room, epoch: 1, seq: 1, data: match(baseMarkets) });
    store.applySnapshot({ room: 'A-1-43', epoch: 1, seq: 1, data: match(baseMarkets) });
    store.applySnapshot({ room: 'A-1-44', epoch: 1, seq: 1, data: match(baseMarkets) });
    store.subscribe(44, () => {});
    store.retain(new Set([42]));
    expect([42, 43, 44].map((id) => store.get(id) !== undefined)).toEqual([true, false, true]);
  });

  it('tells roster listeners when a match arrives, kicks off or ends, not when prices move', () => {
    const { store, runFrame } = manualStore();
    const roster = vi.fn();
    store.subscribeRoster(roster);
    store.applySnapshot({ room, epoch: 1, seq: 0, data: null });
    runFrame();
    expect(roster).toHaveBeenCalledTimes(1);
    // The match arrives in the book.
    store.applySnapshot({ room, epoch: 1, seq: 5, data: { ...match(baseMarkets), g: 0 } });
    store.applySnapshot({ room, epoch: 1, seq: 6, data: { ...match(baseMarkets), g: 0 } });
    runFrame();
    expect(roster).toHaveBeenCalledTimes(2);
    store.applyDelta(delta(7, { '1': { 'hcp=-0.5': [option('h', 2.1), option('a', 1.7)] } }));
    runFrame();
    // Delta 7 carries g 1: the match kicked off.
    expect(roster).toHaveBeenCalledTimes(3);
    store.applyDelta(delta(8, { '1': { 'hcp=-0.5': [option('h', 2.2), option('a', 1.6)] } }));
    runFrame();
    expect(roster).toHaveBeenCalledTimes(3);
    expect([...store.news()].map((entry) => entry.match?.g)).toEqual([1]);
  });
});
