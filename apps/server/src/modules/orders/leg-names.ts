import type { Language, OrderRecord } from '@sb/contract';
import type { Catalogue, RecordedFixture } from '../catalogue/catalogue.service';
import { nameIn } from '../feed/feed.service';
import type { ReadModel } from '../feed/feed.types';
import { homeAndAway } from '../match/match.service';

/**
 * A bet's legs carry the names the book gave them at placement, in English (the feed's own
 * language). A member reading in Chinese sees them in Chinese: each leg's match is looked up, in
 * the read model while it holds the match and in the catalogue after, and named in the
 * language asked for; a leg whose match neither knows keeps its recorded names.
 */
export function createLegNames(deps: {
  readModel: Pick<ReadModel, 'get'>;
  catalogue: Pick<Catalogue, 'recordedFixturesOf'>;
}) {
  async function fixturesOf(eventIds: ReadonlySet<number>): Promise<Map<number, RecordedFixture>> {
    const found = new Map<number, RecordedFixture>();
    const missing = new Set<number>();
    for (const eventId of eventIds) {
      const state = deps.readModel.get(eventId);
      if (state) found.set(eventId, state.fixture);
      else missing.add(eventId);
    }
    if (missing.size > 0)
      for (const [eventId, fixture] of await deps.catalogue.recordedFixturesOf(missing))
        found.set(eventId, fixture);
    return found;
  }

  return {
    /** The records with every leg's sides, league and runner named in `language`. */
    async in<T extends OrderRecord>(records: readonly T[], language: Language): Promise<T[]> {
      if (language === 'en' || records.length === 0) return [...records];
      const fixtures = await fixturesOf(
        new Set(records.flatMap((record) => record.legs.map((leg) => leg.gameId))),
      );
      return records.map((record) => ({
        ...record,
        legs: record.legs.map((leg) => {
          const fixture = fixtures.get(leg.gameId);
          if (!fixture) return leg;
          const competitors = fixture.competitors.map((competitor) => ({
            ...competitor,
            name: nameIn(competitor.name, competitor.names, language),
          }));
          const { home, away } = homeAndAway({
            kind: fixture.kind,
            name: nameIn(fixture.name, fixture.names, language),
            competitors,
          });
          const runner = competitors.find((competitor) => String(competitor.id) === leg.outcomeId);
          return {
            ...leg,
            home,
            away,
            leagueName: nameIn(fixture.league.name, fixture.league.names, language),
            optName: runner?.name ?? leg.optName,
          };
        }),
      }));
    },
  };
}

export type LegNames = ReturnType<typeof createLegNames>;
