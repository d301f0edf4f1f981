import * as calls from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test-app';
import { callMatch, createMatchTestApp, createVisitor, type ManualFeed } from './helpers';

/**
 * A server starting on a new world, with an empty catalogue, lists the day's results all the
 * same: the feed's first snapshot holds the matches that finished before it started.
 */

let testApp: TestApp;
let feed: ManualFeed;
let visitor: calls.Session;

beforeAll(async () => {
  ({ testApp, feed } = await createMatchTestApp({ seed: 'results-at-start' }));
  visitor = await createVisitor(testApp);
});
afterAll(() => testApp.close());

describe('results at start', () => {
  it('lists, from the start, the matches of the last day that finished before it started', async () => {
    const startedAt = feed.simulator.now();
    const football = await callMatch(testApp, calls.matchResultList, visitor, {
      sportId: 1,
      size: 200,
      lang: 'en',
    });
    const before = football.records.filter((record) => record.t < startedAt - 3 * 3_600_000);
    expect(before.length).toBeGreaterThan(20);
    const finished = feed.simulator.snapshot().events;
    for (const record of before) {
      const event = finished.find((entry) => entry.fixture.eventId === record.b);
      expect(event?.status.status).toBe(record.rs);
      expect([record.hs, record.as]).toEqual([event?.status.homeScore, event?.status.awayScore]);
    }
    // Nothing of the days still to come: a match called off ahead of its day waits for it.
    expect(football.records.every((record) => record.t <= startedAt)).toBe(true);
  });
});
