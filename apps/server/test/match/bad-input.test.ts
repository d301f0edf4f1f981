import * as calls from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test-app';
import { type Answer, callRaw, createMatchTestApp, createVisitor } from './helpers';

let testApp: TestApp;
let visitor: calls.Session;
let matchId: number;
beforeAll(async () => {
  ({ testApp } = await createMatchTestApp());
  visitor = await createVisitor(testApp);
  const answer = await callRaw(testApp, calls.matchEvent.path, visitor);
  matchId = (answer.data as calls.EventInfo[])[0]?.b ?? 0;
});
afterAll(() => testApp.close());

const invalid = calls.errorCatalogue.INVALID_INPUT.code;

/** A refusal names what was wrong and carries no data. */
function expectInvalid(answer: Answer, field: string) {
  expect(answer).toMatchObject({ code: invalid, data: null });
  expect(answer.msg).toContain(field);
}

describe('bad input on the match calls', () => {
  it.each([
    [calls.matchList.path, { sportId: 99 }, 'sportId'],
    [calls.matchList.path, { sport: 4242 }, 'sportId'],
    [calls.matchList.path, { size: 5000 }, 'size'],
    [calls.matchList.path, { size: 0 }, 'size'],
    [calls.matchList.path, { size: 'many' }, 'size'],
    [calls.matchList.path, { type: 9 }, 'type'],
    [calls.matchList.path, { rows: 6 }, 'rows'],
    [calls.matchList.path, { page: -1 }, 'page'],
    [calls.matchList.path, { oddsType: 5 }, 'oddsType'],
    [calls.matchList.path, { sportId: 1, colour: 'red' }, 'unknown field "colour"'],
    [calls.matchLegList.path, { matchId: '1,abc,3' }, 'matchId'],
    [calls.matchLegList.path, { matchId: '1,,3' }, 'matchId'],
    [calls.matchLegList.path, { matchId: '-5' }, 'matchId'],
    [calls.matchLegList.path, { matchId: { $gt: 1 } }, 'matchId'],
    [
      calls.matchLegList.path,
      { matchId: Array.from({ length: 2001 }, (_, i) => i + 1).join(',') },
      'matchId',
    ],
    [calls.matchLegList.path, { size: 2001 }, 'size'],
    [calls.matchEvent.path, { matchId: 'garbage' }, 'matchId'],
    [calls.matchEcho.path, {}, 'matchId'],
    [calls.matchDetails.path, {}, 'matchId'],
    [calls.matchDetails.path, { matchId: 0 }, 'matchId'],
    [calls.matchDetails.path, { matchId: '12x' }, 'matchId'],
    [calls.matchDetails.path, { matchId: 987654321 }, 'matchId'],
    [calls.matchDetails.path, { matchId: 1, sportId: 99 }, 'sportId'],
    [calls.matchMarketOptions.path, { matchId: 987654321 }, 'matchId'],
    [calls.matchLiveSwitch.path, { matchId: 987654321 }, 'matchId'],
    [calls.matchLiveSwitch.path, { matchId: 1, type: 3 }, 'type'],
    [calls.matchSearch.path, { keyword: '' }, 'keyword'],
    [calls.matchSearch.path, { keyword: 'x'.repeat(51) }, 'keyword'],
    [calls.matchResultList.path, { size: 201 }, 'size'],
    [calls.bettingTable.path, { sportId: 5 * 1e9 }, 'sportId'],
    [calls.matchSysInit.path, { extra: 1 }, 'unknown field "extra"'],
  ])('%s with %j names %s', async (path, fields, field) => {
    expectInvalid(await callRaw(testApp, path, visitor, fields), field);
  });

  it('refuses a details call for a match of another sport as no such match', async () => {
    expectInvalid(
      await callRaw(testApp, calls.matchDetails.path, visitor, { matchId, sportId: 2 }),
      'matchId',
    );
  });

  it('answers 403 without a token or with a bad one, and never a server error', async () => {
    const required: Record<string, Record<string, unknown>> = {
      [calls.matchSearch.path]: { keyword: 'a' },
      [calls.matchSearchResult.path]: { keyword: 'a' },
      [calls.matchDetails.path]: { matchId },
      [calls.matchMarketOptions.path]: { matchId },
      [calls.matchLiveSwitch.path]: { matchId },
      [calls.matchEcho.path]: { matchId },
      [calls.favoriteAdd.path]: { subjectId: matchId, sportId: 1, type: 1 },
      [calls.favoriteDelete.path]: { subjectId: matchId, sportId: 1, type: 1 },
    };
    for (const call of calls.matchCalls) {
      if (call.auth === 'public') continue;
      const fields = required[call.path] ?? {};
      const missing = await callRaw(testApp, call.path, null, fields);
      expect(missing.code, call.path).toBe(calls.errorCatalogue.TOKEN_INVALID.code);
      const wrong = await callRaw(testApp, call.path, { uid: 'u', token: 'not-a-token' }, fields);
      expect(wrong.code, call.path).toBe(calls.errorCatalogue.TOKEN_INVALID.code);
    }
  });

  it('answers every call with the envelope, whatever the fields, never code 1099', async () => {
    const junk = [{}, { matchId: 'x' }, { sportId: [] }, { size: null }, { type: '1e3' }];
    for (const call of calls.matchCalls) {
      for (const fields of junk) {
        const response = await testApp.app.inject({
          method: 'POST',
          url: call.path,
          payload: { token: visitor.token, ...fields },
        });
        expect(response.statusCode).toBe(200);
        const answer = response.json() as Answer;
        expect(answer.code, `${call.path} ${JSON.stringify(fields)}`).not.toBe(
          calls.errorCatalogue.INTERNAL.code,
        );
      }
    }
  });
});
