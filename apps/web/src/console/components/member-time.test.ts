import { describe, expect, it } from 'vitest';
import { formatMemberTime } from './member-time';

describe("members' times on the console", () => {
  it('are the display zone’s clock, four hours behind UTC, whatever the operator’s zone', () => {
    const instant = Date.UTC(2026, 11, 2, 0, 15, 30);
    expect(formatMemberTime(instant, 'en-GB')).toBe('01/12/2026, 20:15:30');
    expect(formatMemberTime(instant, 'zh-CN')).toBe('2026/12/1 20:15:30');
  });
});
