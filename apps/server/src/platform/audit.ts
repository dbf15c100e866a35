import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  action: string;
  clinicId?: number | null;
  actorUserId?: number | null;
  patientId?: number | null;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
}

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  /** The hs_device cookie: a browser that signed in before (known-devices.ts). */
  deviceToken?: string | null;
}

/**
 * Who read or changed what, when and from where (ARCHITECTURE.md, Database). Call it inside the
 * same transaction as the change it records.
 */
export async function writeAudit(db: Db, meta: RequestMeta, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(auditRow(meta, entry));
}

/** The user agent as the audit log keeps it: enough to tell a device, never a whole header. */
export function auditUserAgent(meta: RequestMeta): string | null {
  return meta.userAgent?.slice(0, 300) ?? null;
}

function auditRow(meta: RequestMeta, entry: AuditEntry): typeof auditLog.$inferInsert {
  return {
    action: entry.action,
    clinicId: entry.clinicId ?? null,
    actorUserId: entry.actorUserId ?? null,
    patientId: entry.patientId ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    ip: meta.ip,
    userAgent: auditUserAgent(meta),
    details: entry.details ?? {},
  };
}

export interface AuditTrail {
  /**
   * Records a read of patient data; resolves once the row is committed, so no answer leaves
   * before its audit row is durable, and rejects (failing the read) when it cannot be written.
   */
  recordRead(meta: RequestMeta, entry: AuditEntry): Promise<void>;
  /** Writes what is waiting (at shutdown). */
  flush(): Promise<void>;
}

/** Rows per insert: 9 parameters a row stays far below PostgreSQL's 65,535. */
const MAX_BATCH = 500;

/**
 * Group commit for read audits. Every patient read writes a row; under load, one insert and one
 * commit each was most of a record read's database work (bench/). Reads that finish in the same
 * turn of the event loop share one multi-row insert instead, and each still waits for it.
 */
export function createAuditTrail(db: Db): AuditTrail {
  let waiting: {
    row: typeof auditLog.$inferInsert;
    resolve: () => void;
    reject: (error: unknown) => void;
  }[] = [];
  let scheduled: Promise<void> | null = null;

  async function writeWaiting(): Promise<void> {
    scheduled = null;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, MAX_BATCH);
      waiting = waiting.slice(MAX_BATCH);
      try {
        await db.insert(auditLog).values(batch.map((item) => item.row));
        batch.forEach((item) => item.resolve());
      } catch (error) {
        batch.forEach((item) => item.reject(error));
      }
    }
  }

  return {
    recordRead(meta, entry) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ row: auditRow(meta, entry), resolve, reject });
        scheduled ??= new Promise<void>((start) => setImmediate(start)).then(writeWaiting);
      });
    },
    flush: () => scheduled ?? writeWaiting(),
  };
}
