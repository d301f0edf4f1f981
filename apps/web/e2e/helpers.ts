import { fromOddsUnits, memberOdds } from '@sb/domain';
import type { EventSnapshot } from '@sb/feed-sim';
import type { Page } from 'playwright-core';
import { authOf, registerMember } from '../../server/test/identity/helpers';
import { type Pick, pickOf } from '../../server/test/orders/helpers';
import { createTestApp, type TestApp } from '../../server/test/test-app';
import { cny, fund, type TestMember } from '../../server/test/withdrawals/helpers';
import { webDistDir } from './browser';
import { createStillFeed } from './still-feed';
import { worldClock } from './world-clock';

/**
 * What the browser suites share: the real server on a still feed serving the built web app, the
 * picks its world offers, and a member with money.
 */

export function byTestId(page: Page, testId: string) {
  return page.getByTestId(testId);
}

/** What `createTestApp` takes besides the feed and the web app. */
type ServerOptions = Omit<NonNullable<Parameters<typeof createTestApp>[0]>, 'feedProvider'>;

/**
 * The real server on a still feed of `seed`, serving the built web app on a loopback port.
 * With `instant`, the feed stands there and the server's clock starts there and runs on
 * (worldClock); without, both are the real time of the run. `options` go to `createTestApp`,
 * its `now` instead of the running clock.
 */
export async function startStillServer(
  seed: string,
  { instant, ...options }: ServerOptions & { instant?: number } = {},
) {
  const feed = createStillFeed(seed, instant);
  const clock = instant === undefined ? undefined : worldClock(instant);
  const testApp = await createTestApp({
    feedProvider: feed.provider,
    webDistDir,
    ...(clock ? { now: () => new Date(clock()) } : {}),
    ...options,
  });
  return { testApp, feed, url: await serve(testApp) };
}

/** Starts `testApp` listening on a loopback port it picks; answers the address to browse. */
export async function serve(testApp: TestApp): Promise<string> {
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Matches of the still world not started yet with an open 1X2 market, one pick each: the first
 * priced outcome, or with `minOdds` the first priced at least that (as the member sees it).
 * `where` narrows the matches; they are taken in the order given.
 */
export function preMatchPicks(
  events: EventSnapshot[],
  count: number,
  {
    where = () => true,
    minOdds = 0,
  }: { where?(event: EventSnapshot): boolean; minOdds?: number } = {},
): Pick[] {
  const picks: Pick[] = [];
  for (const event of events) {
    if (event.fixture.kind !== 'match' || event.status.status !== 'not_started') continue;
    if (!where(event)) continue;
    const market = event.markets.find((entry) => entry.playId === 3 && entry.status === 'active');
    if (!market) continue;
    const priced = market.outcomes.filter((entry) => entry.active && entry.odds > 0);
    const index = priced.findIndex(
      (entry) => memberOdds(fromOddsUnits(entry.odds), market.playId, [0, 0, 0]) >= minOdds,
    );
    if (index < 0) continue;
    picks.push(pickOf(event, market, index));
    if (picks.length === count) return picks;
  }
  throw new Error(`only ${picks.length} pre-match picks in the world`);
}

/** A member who signed up with an account and password, holding `minor` CNY minor units. */
export async function fundedAccount(testApp: TestApp, minor: number) {
  const { account, password, session } = await registerMember(testApp);
  await fund(testApp, session.memberId, cny.currencyId, minor);
  const member: TestMember = { session, password, userId: session.memberId, auth: authOf(session) };
  return { account, member };
}
