import { sportCatalogue, sportNameOf } from '@sb/domain';
import { SportIds } from '@sb/feed-sim';
import { describe, expect, it } from 'vitest';

describe('the sport catalogue', () => {
  it("names every sport of the feed, by the feed's own ids, in every language", () => {
    expect(sportCatalogue.map((sport) => sport.sportId).sort((a, b) => a - b)).toEqual(
      Object.values(SportIds).sort((a, b) => a - b),
    );
    expect(sportNameOf(SportIds.Football, 'en')).toBe('Football');
    expect(sportNameOf(SportIds.Basketball, 'zht')).toBe('籃球');
    expect(sportNameOf(424_242, 'zh')).toBe('#424242');
  });
});
