import { describe, expect, it } from 'vitest';
import { missingOfferRetry, missingOfferRetryMs } from './match-live';

const offers = {
  isShow: true,
  records: [{ a: 1, b: 7, video: false, animation: true }],
};

describe('missingOfferRetry', () => {
  it('reads the offers again while a live match on screen has none', () => {
    expect(missingOfferRetry(offers, 8)).toBe(missingOfferRetryMs);
    expect(missingOfferRetry({ isShow: true, records: [] }, 8)).toBe(missingOfferRetryMs);
  });

  it('stops once the match has its offer', () => {
    expect(missingOfferRetry(offers, 7)).toBe(false);
  });

  it('leaves the offers alone for a match that is not live, a viewer without isShow, or no read yet', () => {
    expect(missingOfferRetry(offers, undefined)).toBe(false);
    expect(missingOfferRetry({ ...offers, isShow: false }, 8)).toBe(false);
    expect(missingOfferRetry(undefined, 8)).toBe(false);
  });
});
