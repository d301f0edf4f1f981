import { balanceMovementKinds } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { texts as en } from '../i18n.en';
import { texts as zh } from '../i18n.zh';
import { texts as zht } from '../i18n.zht';
import { movementKindTextKey } from './movement-kinds';

const textOf = (language: typeof en, key: string): string | undefined =>
  (language.records as Record<string, string>)[key.replace(/^records\./, '')];

describe('balance movement kinds', () => {
  it('names every kind the ledger books in all three languages', () => {
    for (const kind of [...balanceMovementKinds, 'a_kind_not_yet_known']) {
      const key = movementKindTextKey(kind);
      for (const [language, texts] of [
        ['en', en],
        ['zh', zh],
        ['zht', zht],
      ] as const) {
        const text = textOf(texts, key);
        expect(text, `${kind} in ${language}`).toBeTruthy();
        // No Chinese page shows an English name, and no page the ledger's own name.
        if (language !== 'en') expect(text).not.toMatch(/[A-Za-z]/);
        expect(text).not.toContain('_');
      }
    }
  });

  it('names a kind it does not know as a balance change', () => {
    expect(movementKindTextKey('casino_round')).toBe('records.kindOther');
    expect(movementKindTextKey('deposit')).toBe('records.kindDeposit');
  });
});
