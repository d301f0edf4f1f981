import type { AuditEntry } from '@sb/contract';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { CallContext } from '../../http/request-context';
import { findAuditRows, insertAuditRow } from './audit.repository';

/** What a module records about one action. */
export interface AuditRecord {
  /** The operator who acted; null for the system (first start, the command line). */
  operatorId: number | null;
  /** `<subject>.<verb>`, lower case: `withdrawal.approve`, `member.unlock`, `operator.login`. */
  action: string;
  /** What the action was done to. */
  target?: { type: string; id: string | number } | undefined;
  /** The target before and after, as plain JSON; omitted when there is no such state. */
  before?: unknown;
  after?: unknown;
  /** The operator's stated reason, when the action asks for one. */
  reason?: string | null | undefined;
  ip?: string | null | undefined;
}

const actionPattern = /^[a-z][a-z0-9_-]*(\.[a-z][a-z0-9_-]*)+$/;
const actionLengthMax = 64;
const targetTypeLengthMax = 64;
const targetIdLengthMax = 128;
const reasonLengthMax = 2_000;
/** Bound on each of before and after, so one entry cannot bloat the log. */
const snapshotBytesMax = 64 * 1024;
const auditPageSizeDefault = 50;

/**
 * A snapshot as the JSON it will be stored as. Throws on what cannot be stored faithfully: an
 * oversized snapshot is a bug in the recording module, not something to truncate silently.
 */
function toSnapshot(value: unknown, field: string): unknown {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(value);
  if (text === undefined) throw new Error(`audit ${field} is not JSON`);
  if (Buffer.byteLength(text) > snapshotBytesMax)
    throw new Error(`audit ${field} is over ${snapshotBytesMax} bytes`);
  return JSON.parse(text);
}

function assertRecord(entry: AuditRecord): void {
  if (entry.action.length > actionLengthMax || !actionPattern.test(entry.action))
    throw new Error(`audit action "${entry.action}" is not <subject>.<verb>`);
  if (entry.target) {
    const targetId = String(entry.target.id);
    if (entry.target.type.length === 0 || entry.target.type.length > targetTypeLengthMax)
      throw new Error(`audit target type "${entry.target.type}" is empty or too long`);
    if (targetId.length === 0 || targetId.length > targetIdLengthMax)
      throw new Error(`audit target id "${targetId}" is empty or too long`);
  }
  if (entry.reason && entry.reason.length > reasonLengthMax)
    throw new Error(`audit reason is over ${reasonLengthMax} characters`);
}

/**
 * How a module lets the back office record an action in the module's own transaction: called
 * once the change is made, with the target before and after it.
 */
export type AuditWithin = (
  tx: Database,
  change: { before: unknown; after: unknown },
) => Promise<void>;

/** Who is acting on a back-office call, for `record`. */
export function auditActorOf(context: CallContext): { operatorId: number; ip: string } {
  if (!context.operator) throw new Error('audit actor asked for on a call without an operator');
  return { operatorId: context.operator.operatorId, ip: context.ip };
}

/**
 * The append-only audit log. Modules call `record` inside their own transaction, so an action
 * and its entry commit or roll back together; nothing here updates or deletes an entry.
 */
export function createAuditService(deps: { db: Database; now: () => Date }) {
  return {
    async record(tx: Database, entry: AuditRecord): Promise<{ id: number }> {
      assertRecord(entry);
      const id = await insertAuditRow(tx, {
        operatorId: entry.operatorId,
        action: entry.action,
        targetType: entry.target?.type ?? null,
        targetId: entry.target ? String(entry.target.id) : null,
        before: toSnapshot(entry.before, 'before'),
        after: toSnapshot(entry.after, 'after'),
        reason: entry.reason ?? null,
        at: deps.now(),
        ip: entry.ip ?? null,
      });
      return { id };
    },

    async list(filter: {
      operatorId?: number | undefined;
      action?: string | undefined;
      targetType?: string | undefined;
      targetId?: string | undefined;
      from?: number | undefined;
      to?: number | undefined;
      beforeId?: number | undefined;
      pageSize?: number | undefined;
    }): Promise<{ entries: AuditEntry[]; nextBeforeId: number | null }> {
      if (filter.targetId !== undefined && filter.targetType === undefined)
        throw new AppError('INVALID_INPUT', 'targetId: needs targetType');
      if (filter.from !== undefined && filter.to !== undefined && filter.to < filter.from)
        throw new AppError('INVALID_INPUT', 'to: must not be before from');
      const pageSize = filter.pageSize ?? auditPageSizeDefault;
      // One row more than the page shows whether another page follows.
      const rows = await findAuditRows(deps.db, {
        ...filter,
        from: filter.from === undefined ? undefined : new Date(filter.from),
        to: filter.to === undefined ? undefined : new Date(filter.to),
        limit: pageSize + 1,
      });
      const page = rows.slice(0, pageSize);
      const last = page.at(-1);
      return {
        entries: page.map(({ entry, operatorUsername }) => ({
          id: entry.id,
          operatorId: entry.operatorId,
          operatorUsername,
          action: entry.action,
          targetType: entry.targetType,
          targetId: entry.targetId,
          before: entry.before,
          after: entry.after,
          reason: entry.reason,
          at: entry.at.getTime(),
          ip: entry.ip,
        })),
        nextBeforeId: rows.length > pageSize && last ? last.entry.id : null,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

/**
 * The audit callback of one back-office action of the calling operator: the acting module calls
 * it inside its own transaction with the target before and after the change.
 */
export function auditWithin(
  audit: AuditService,
  context: CallContext,
  action: string,
  target: { type: string; id: string | number },
  reason?: string,
): AuditWithin {
  const { operatorId, ip } = auditActorOf(context);
  return async (tx, change) => {
    await audit.record(tx, { operatorId, ip, action, target, reason, ...change });
  };
}
