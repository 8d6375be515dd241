import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { auditLog } from "#server/db/schema.ts";

/** A transaction of the shop's database (or the database itself, for a single statement). */
type Executor = Pick<Database, "insert">;

/** Who made a change: copied into the record, so it outlives the account. */
export interface AuditActor {
  id: string;
  name: string;
  role: string;
}

export interface AuditChange {
  /** What was done, as `<entity>.<verb>` ("review.hide", "review.delete"). */
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** An audit entry as `GET /api/admin/audit` will return it (api-contract.md, "Operations (second release)"). */
export interface AuditEntryJson {
  _id: string;
  at: string;
  actor: { _id: string | null; name: string; role: string };
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** Longest text kept in a snapshot; an audit row must never carry a 5 MB name into every read of the log. */
export const AUDIT_TEXT_MAX = 200;
const ACTOR_NAME_MAX = 100;

function truncate(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max).join("")}… (${characters.length} characters)`;
}

/** A copy of a value fit for the log: long texts cut to AUDIT_TEXT_MAX characters (with their length), dates as ISO strings. */
export function auditSnapshot(value: unknown, depth = 0): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return truncate(value, AUDIT_TEXT_MAX);
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== "object") return value;
  if (depth >= 4) return "…";
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => auditSnapshot(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, auditSnapshot(item, depth + 1)]));
}

/**
 * Records a change in the audit log. Call it with the transaction that makes the change, so the
 * record and the change commit (or roll back) together.
 */
export async function recordAudit(tx: Executor, actor: AuditActor, change: AuditChange): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorName: truncate(actor.name, ACTOR_NAME_MAX),
    actorRole: actor.role,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId,
    before: change.before === undefined ? null : auditSnapshot(change.before),
    after: change.after === undefined ? null : auditSnapshot(change.after),
  });
}

/** The audit log, newest first, optionally for one entity (and one of its records). */
export async function listAuditEntries(
  db: Database,
  query: { entity?: string; entityId?: string; page: number; limit: number },
): Promise<{ items: AuditEntryJson[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.entityId) conditions.push(eq(auditLog.entityId, query.entityId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    total: totals?.total ?? 0,
    items: rows.map((row) => ({
      _id: row.id,
      at: row.at.toISOString(),
      actor: { _id: row.actorId, name: row.actorName, role: row.actorRole },
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      ...(row.before === null ? {} : { before: row.before }),
      ...(row.after === null ? {} : { after: row.after }),
    })),
  };
}
