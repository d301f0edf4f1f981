import { languages } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import { localErrorCodes, OperatorApiError } from '../api/operator-api';
import { consoleTexts, describeError } from './console-i18n';

function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keyPaths(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** A translate function over one language's tree, with {{name}} interpolation. */
function translatorFor(language: (typeof languages)[number]) {
  return (key: string, values: Record<string, unknown> = {}) => {
    const text = key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown>)?.[part],
        consoleTexts[language],
      );
    if (typeof text !== 'string') throw new Error(`missing text ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
  };
}

describe('console translations', () => {
  it('give zh and zht exactly the English keys, every text non-empty', () => {
    const englishKeys = keyPaths(consoleTexts.en).sort();
    for (const language of languages) {
      expect(keyPaths(consoleTexts[language]).sort()).toEqual(englishKeys);
      for (const key of englishKeys) expect(translatorFor(language)(key)).not.toBe('');
    }
  });
});

describe('error descriptions', () => {
  it("use the catalogue's text in the operator's language with the code", () => {
    const error = new OperatorApiError(6005, 'Your role does not permit this action');
    expect(describeError(error, 'zh', translatorFor('zh'))).toBe(
      '当前角色无权执行此操作（错误码 6005）',
    );
    expect(describeError(error, 'en', translatorFor('en'))).toBe(
      'Your role does not permit this action (code 6005)',
    );
  });

  it("add the server's message when it says more, such as the bad field", () => {
    const error = new OperatorApiError(1000, 'reason: must not be empty');
    expect(describeError(error, 'en', translatorFor('en'))).toBe(
      'Invalid input: reason: must not be empty (code 1000)',
    );
  });

  it('name the missing record of a 1002', () => {
    const error = new OperatorApiError(1002, 'userId: no member 42');
    expect(describeError(error, 'zh', translatorFor('zh'))).toBe(
      '未找到: userId: no member 42（错误码 1002）',
    );
  });

  it('name local failures without a code', () => {
    const error = new OperatorApiError(localErrorCodes.network, '');
    expect(describeError(error, 'zht', translatorFor('zht'))).toBe(consoleTexts.zht.errors.network);
  });
});
