/**
 * A percentage as the site writes it, to 5 significant digits (SPEC §9): "66.667%", "-12.5%",
 * "100%", "0%". `percent` is already in percent (66.667 for two thirds); each caller converts
 * its own unit (a share of 1, ten-thousandths) before calling.
 */
export function formatPercentage(percent: number): string {
  return `${Number(percent.toPrecision(5))}%`;
}
