import type { StakeLimitPolicyView } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { draftFromPolicy, type StakeLimitDraft, stakeLimitChanges } from './stake-limit-draft';

const policy: StakeLimitPolicyView = {
  currencies: [
    { currencyId: 1, currencyCode: 'CNY', scale: 2, minStake: 100, maxStake: 5_000_000 },
    { currencyId: 4, currencyCode: 'BTC', scale: 8, minStake: 10_000, maxStake: 50_000_000 },
  ],
  playShares: [
    { playId: 9, share: 5_000 },
    { playId: 8, share: 5_000 },
  ],
  outrightShare: 2_000,
  liveShare: 5_000,
  parlayShare: 5_000,
  updatedAt: null,
  updatedBy: null,
};

const edited = (change: (draft: StakeLimitDraft) => void) => {
  const draft = draftFromPolicy(policy);
  change(draft);
  return stakeLimitChanges(policy, draft);
};

describe('the stake limit form', () => {
  it('shows the policy in major units and percentages', () => {
    const draft = draftFromPolicy(policy);
    expect(draft.currencies).toEqual([
      { currencyId: 1, minText: '1.00', maxText: '50000.00' },
      { currencyId: 4, minText: '0.00010000', maxText: '0.50000000' },
    ]);
    expect(draft.playShares).toEqual([
      { playIdText: '9', shareText: '50' },
      { playIdText: '8', shareText: '50' },
    ]);
    expect([draft.outrightText, draft.liveText, draft.parlayText]).toEqual(['20', '50', '50']);
  });

  it('sends only what changed, in minor units and ten-thousandths', () => {
    expect(
      edited((draft) => {
        const cny = draft.currencies[0];
        if (cny) cny.maxText = '100';
        draft.liveText = '25.5';
      }),
    ).toEqual({
      ok: true,
      value: { currencies: [{ currencyId: 1, minStake: 100, maxStake: 10_000 }], liveShare: 2_550 },
    });
    // The plays in another order are the same list; a new play replaces the whole list.
    expect(edited((draft) => draft.playShares.reverse())).toEqual({
      ok: false,
      problem: { key: 'nothingChanged' },
    });
    expect(
      edited((draft) => draft.playShares.push({ playIdText: '10', shareText: '40' })).ok && 'sent',
    ).toBe('sent');
    expect(
      edited((draft) => {
        draft.playShares = [{ playIdText: '8', shareText: '30' }];
      }),
    ).toEqual({ ok: true, value: { playShares: [{ playId: 8, share: 3_000 }] } });
  });

  it('refuses amounts beyond the scale, a maximum below the minimum, and bad plays or shares', () => {
    const problemOf = (change: (draft: StakeLimitDraft) => void) => {
      const checked = edited(change);
      return checked.ok ? null : checked.problem;
    };
    expect(
      problemOf((draft) => {
        const cny = draft.currencies[0];
        if (cny) cny.minText = '1.005';
      }),
    ).toEqual({ key: 'amountInvalid', values: { currency: 'CNY', scale: 2 } });
    expect(
      problemOf((draft) => {
        const cny = draft.currencies[0];
        if (cny) cny.maxText = '0';
      }),
    ).toEqual({ key: 'amountInvalid', values: { currency: 'CNY', scale: 2 } });
    expect(
      problemOf((draft) => {
        const btc = draft.currencies[1];
        if (btc) btc.maxText = '0.00001';
      }),
    ).toEqual({ key: 'maxBelowMin', values: { currency: 'BTC' } });
    expect(
      problemOf((draft) => draft.playShares.push({ playIdText: '21000', shareText: '5' })),
    ).toEqual({ key: 'playInvalid', values: { last: 20_999 } });
    expect(
      problemOf((draft) => draft.playShares.push({ playIdText: '8', shareText: '5' })),
    ).toEqual({
      key: 'playRepeated',
      values: { playId: 8 },
    });
    expect(
      problemOf((draft) => draft.playShares.push({ playIdText: '7', shareText: '0' })),
    ).toEqual({
      key: 'playShareInvalid',
      values: { playId: 7 },
    });
    expect(
      problemOf((draft) => {
        draft.parlayText = '101';
      }),
    ).toEqual({ key: 'shareInvalid', values: { share: 'parlay' } });
  });
});
