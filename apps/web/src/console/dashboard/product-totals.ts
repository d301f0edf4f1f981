/** One product's line of a dashboard day (the contract's `dashboardProductDaySchema`). */
export interface ProductFigures {
  product: string;
  turnover: number;
  returned: number;
  ggr: number;
}

/**
 * Each product's figures summed over the days, in the order the days first name them; none at
 * all when fewer than two products have figures, since one product's line only repeats the
 * day's totals.
 */
export function productTotalsOf(
  days: readonly { products: readonly ProductFigures[] }[],
): ProductFigures[] {
  const totals = new Map<string, ProductFigures>();
  for (const day of days)
    for (const line of day.products) {
      const total = totals.get(line.product) ?? {
        product: line.product,
        turnover: 0,
        returned: 0,
        ggr: 0,
      };
      total.turnover += line.turnover;
      total.returned += line.returned;
      total.ggr += line.ggr;
      totals.set(line.product, total);
    }
  const withFigures = [...totals.values()].filter(
    (total) => total.turnover !== 0 || total.returned !== 0 || total.ggr !== 0,
  );
  return withFigures.length > 1 ? withFigures : [];
}
