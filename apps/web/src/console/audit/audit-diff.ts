/** One line of the before/after table: a field and its two values as pretty JSON. */
export interface AuditDiffRow {
  /** The top-level field; empty when a snapshot is not an object and is shown whole. */
  field: string;
  /** Pretty JSON, or null when the snapshot has no such field (or no snapshot at all). */
  before: string | null;
  after: string | null;
  isChanged: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pretty(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value, null, 2);
}

/**
 * The rows shown for an audit entry's snapshots. When both sides are objects (or one is absent),
 * each top-level field gets a row, in the order first seen, so a reader sees at a glance which
 * fields the action changed. Anything else (a number, a list, an object against a list) is one
 * row holding the whole of each side. Null and absent snapshots (a creation, a deletion) show
 * as null on that side.
 */
export function auditDiffRows(before: unknown, after: unknown): AuditDiffRow[] {
  const beforeObject = before === null || before === undefined ? {} : before;
  const afterObject = after === null || after === undefined ? {} : after;
  if (!isPlainObject(beforeObject) || !isPlainObject(afterObject)) {
    const beforeText = pretty(before ?? null);
    const afterText = pretty(after ?? null);
    return [
      { field: '', before: beforeText, after: afterText, isChanged: beforeText !== afterText },
    ];
  }
  const fields = [...new Set([...Object.keys(beforeObject), ...Object.keys(afterObject)])];
  return fields.map((field) => {
    const beforeText = pretty(beforeObject[field]);
    const afterText = pretty(afterObject[field]);
    return { field, before: beforeText, after: afterText, isChanged: beforeText !== afterText };
  });
}
