import * as calls from '@sb/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favourites } from '../../src/modules/match/match.schema';
import { expectRefused, registerMember } from '../identity/helpers';
import type { TestApp } from '../test-app';
import { callMatch, callRaw, createMatchTestApp, createVisitor } from './helpers';

let testApp: TestApp;
let member: calls.Session;
let other: calls.Session;
let matches: calls.MatchWire[];
beforeAll(async () => {
  ({ testApp } = await createMatchTestApp());
  member = (await registerMember(testApp)).session;
  other = (await registerMember(testApp)).session;
  matches = (await callMatch(testApp, calls.matchList, member, { size: 2000 })).records;
});
afterAll(() => testApp.close());

const favouriteRows = async () =>
  (await testApp.database.db.select({ rows: count() }).from(favourites))[0]?.rows ?? 0;

/** Two matches of different leagues, neither league shared with the other. */
function pickTwo() {
  const first = matches.find((match) => match.a === 2) as calls.MatchWire;
  const second = matches.find((match) => match.a === 1 && match.l !== first.l) as calls.MatchWire;
  return { first, second };
}

describe('favourites', () => {
  it('adds a match and a league, idempotently, and shows the flags and record ids', async () => {
    const { first, second } = pickTwo();
    const matchFavourite = await callMatch(testApp, calls.favoriteAdd, member, {
      subjectId: first.b,
      sportId: first.a,
      type: 1,
    });
    expect(matchFavourite).toBeGreaterThan(0);
    const again = await callMatch(testApp, calls.favoriteAdd, member, {
      subjectId: first.b,
      sportId: first.a,
      type: 7,
    });
    expect(again).toBe(matchFavourite);
    const leagueFavourite = await callMatch(testApp, calls.favoriteAdd, member, {
      subjectId: second.l,
      sportId: second.a,
      type: 0,
    });
    expect(leagueFavourite).not.toBe(matchFavourite);

    const details = await callMatch(testApp, calls.matchDetails, member, { matchId: first.b });
    expect(details).toMatchObject({ w: 1, x: 0, y: matchFavourite });
    const page = await callMatch(testApp, calls.matchList, member, { size: 2000 });
    for (const match of page.records) {
      if (match.b === first.b) expect(match).toMatchObject({ w: 1, x: 0, y: matchFavourite });
      else if (match.l === second.l)
        expect(match).toMatchObject({ w: 0, x: 1, y: leagueFavourite });
      else expect(match).toMatchObject({ w: 0, x: 0, y: 0 });
    }
    // Nobody else sees them.
    const others = await callMatch(testApp, calls.matchDetails, other, { matchId: first.b });
    expect(others).toMatchObject({ w: 0, x: 0, y: 0 });
  });

  it('lists only favourited items in the favourites view (type 6)', async () => {
    const { first, second } = pickTwo();
    const view = await callMatch(testApp, calls.matchList, member, { type: 6, size: 2000 });
    const expected = matches.filter((match) => match.b === first.b || match.l === second.l);
    expect(view.records.map((match) => match.b).sort()).toEqual(expected.map((m) => m.b).sort());
    expect(view.records.every((match) => match.x === 1 || match.w === 1)).toBe(true);
    expect(view.counts.reduce((sum, entry) => sum + entry.count, 0)).toBe(expected.length);
    const empty = await callMatch(testApp, calls.matchList, other, { type: 6 });
    expect(empty).toMatchObject({ records: [], total: 0 });
  });

  it('deletes favourites, clearing the flags; deleting twice is no error', async () => {
    const { first, second } = pickTwo();
    for (const [subjectId, sportId, type] of [
      [first.b, first.a, 1],
      [second.l, second.a, 0],
      [second.l, second.a, 0],
    ]) {
      expect(
        await callMatch(testApp, calls.favoriteDelete, member, { subjectId, sportId, type }),
      ).toBeNull();
    }
    const details = await callMatch(testApp, calls.matchDetails, member, { matchId: first.b });
    expect(details).toMatchObject({ w: 0, x: 0, y: 0 });
    const view = await callMatch(testApp, calls.matchList, member, { type: 6 });
    expect(view.records).toEqual([]);
    const readded = await callMatch(testApp, calls.favoriteAdd, member, {
      subjectId: first.b,
      sportId: first.a,
      type: 1,
    });
    expect((await callMatch(testApp, calls.matchDetails, member, { matchId: first.b })).y).toBe(
      readded,
    );
  });

  it('answers 402 to visitors, who may not favourite', async () => {
    const visitor = await createVisitor(testApp);
    const match = matches[0] as calls.MatchWire;
    const before = await favouriteRows();
    for (const call of [calls.favoriteAdd, calls.favoriteDelete]) {
      const answer = await callRaw(testApp, call.path, visitor, {
        subjectId: match.b,
        sportId: match.a,
        type: 1,
      });
      expectRefused(answer, calls.errorCatalogue.LOGIN_REQUIRED.code);
    }
    expect(await favouriteRows()).toBe(before);
    const anonymous = await callRaw(testApp, calls.favoriteAdd.path, null, {
      subjectId: match.b,
      sportId: match.a,
      type: 1,
    });
    expectRefused(anonymous, calls.errorCatalogue.TOKEN_INVALID.code);
  });

  it('refuses subjects the book does not list, and sports that do not match', async () => {
    const match = matches.find((item) => item.a === 1) as calls.MatchWire;
    const before = await favouriteRows();
    for (const fields of [
      { subjectId: 987654321, sportId: 1, type: 1 },
      { subjectId: 987654, sportId: 1, type: 0 },
      { subjectId: match.b, sportId: 2, type: 1 },
      { subjectId: match.b, sportId: 77, type: 1 },
    ]) {
      const answer = await callRaw(testApp, calls.favoriteAdd.path, member, fields);
      expectRefused(answer, calls.errorCatalogue.INVALID_INPUT.code);
    }
    expect(await favouriteRows()).toBe(before);
  });
});
