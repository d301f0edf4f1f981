import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { operatorAuditLog, operators } from './operators.schema';

export type NewAuditRow = typeof operatorAuditLog.$inferInsert;

export interface AuditFilter {
  operatorId?: number | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  beforeId?: number | undefined;
  limit: number;
}

/** Appends one entry in the caller's transaction. There is deliberately no update or delete. */
export async function insertAuditRow(executor: Database, values: NewAuditRow): Promise<number> {
  const [row] = await executor
    .insert(operatorAuditLog)
    .values(values)
    .returning({ id: operatorAuditLog.id });
  if (!row) throw new Error('insert into operator_audit_log returned no row');
  return row.id;
}

/** Entries matching every given filter, newest (highest id) first, with the actor's name. */
export async function findAuditRows(db: Database, filter: AuditFilter) {
  const conditions: SQL[] = [];
  if (filter.operatorId !== undefined)
    conditions.push(eq(operatorAuditLog.operatorId, filter.operatorId));
  if (filter.action !== undefined) conditions.push(eq(operatorAuditLog.action, filter.action));
  if (filter.targetType !== undefined)
    conditions.push(eq(operatorAuditLog.targetType, filter.targetType));
  if (filter.targetId !== undefined)
    conditions.push(eq(operatorAuditLog.targetId, filter.targetId));
  if (filter.from !== undefined) conditions.push(gte(operatorAuditLog.at, filter.from));
  if (filter.to !== undefined) conditions.push(lt(operatorAuditLog.at, filter.to));
  if (filter.beforeId !== undefined) conditions.push(lt(operatorAuditLog.id, filter.beforeId));
  return db
    .select({ entry: operatorAuditLog, operatorUsername: operators.username })
    .from(operatorAuditLog)
    .leftJoin(operators, eq(operators.id, operatorAuditLog.operatorId))
    .where(and(...conditions))
    .orderBy(desc(operatorAuditLog.id))
    .limit(filter.limit);
}
