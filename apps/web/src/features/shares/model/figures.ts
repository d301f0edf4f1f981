/**
 * Ten-thousandths (6667 = 66.67 %) as the site writes a percentage, to 5 significant digits
 * (SPEC §9, as the records and predictions pages do): "66.67%", "-12.5%", "100%", "0%".
 */
export function percentOfUnits(units: number): string {
  return `${Number((units / 100).toPrecision(5))}%`;
}
