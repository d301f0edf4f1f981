import { describe, expect, it } from 'vitest';
import { productTotalsOf } from './product-totals';

const line = (product: string, turnover: number, returned: number, ggr: number) => ({
  product,
  turnover,
  returned,
  ggr,
});

describe('the dashboard per product', () => {
  it('sums each product over the days when two or more have figures', () => {
    expect(
      productTotalsOf([
        { products: [line('sports', 1_000, 400, 600)] },
        { products: [] },
        { products: [line('casino', 500, 200, 300), line('sports', 2_000, 2_500, -500)] },
      ]),
    ).toEqual([line('sports', 3_000, 2_900, 100), line('casino', 500, 200, 300)]);
  });

  it('shows nothing for one product, or for products whose figures come to nothing', () => {
    expect(productTotalsOf([{ products: [line('sports', 1_000, 400, 600)] }])).toEqual([]);
    expect(
      productTotalsOf([
        { products: [line('sports', 1_000, 400, 600), line('casino', 500, 0, 0)] },
        { products: [line('casino', -500, 0, 0)] },
      ]),
    ).toEqual([]);
    expect(productTotalsOf([])).toEqual([]);
  });
});
