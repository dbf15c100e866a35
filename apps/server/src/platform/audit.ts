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
}

/**
 * Who read or changed what, when and from where (ARCHITECTURE.md, Database). Call it inside the
 * same transaction as the change it records.
 */
export async function writeAudit(db: Db, meta: RequestMeta, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    clinicId: entry.clinicId ?? null,
    actorUserId: entry.actorUserId ?? null,
    patientId: entry.patientId ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    details: entry.details ?? {},
  });
}
