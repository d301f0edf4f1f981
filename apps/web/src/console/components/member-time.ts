import { displayOffsetMs } from '@sb/domain';

/**
 * A member's time (a withdrawal asked for, an order made) as the site shows it to the member:
 * in the display zone, four hours behind UTC (SPEC §9), whatever the operator's own zone, so an
 * operator and a member talking about "the withdrawal at 20:15" mean the same one. The operator's
 * own actions (audit log, posts) stay in the operator's zone.
 */
export function formatMemberTime(epochMs: number, locale: string): string {
  // The instant moved by the zone's offset, read as UTC: the display zone's wall clock.
  return new Date(epochMs + displayOffsetMs).toLocaleString(locale, { timeZone: 'UTC' });
}
