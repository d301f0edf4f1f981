import { formatPercentage } from '../../../lib/percent';

/** SPEC §9: a percentage to five significant digits ("33.333%"); a share is 0–1. */
export function formatPercent(share: number): string {
  return formatPercentage(share * 100);
}

/** A score a member types: a whole number 0–99, or null for anything else. */
export function parseScore(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  return Number(trimmed);
}
