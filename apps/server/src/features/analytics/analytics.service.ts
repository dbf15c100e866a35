/**
 * The analytics calls of spec §7, stored rather than dropped (ARCHITECTURE.md: analytics is
 * disabled in this build, but the button-click calls are still kept by our API).
 */
import type { Db } from '../../db/client';
import { analyticsEvents } from '../../db/schema';
import { type AuthedCtx, type ClinicScope, clinicScope } from '../../platform/context';
import { onlyRow } from '../../platform/db-errors';
import { requireClinicPatient } from '../patients/patients.api';

interface AnalyticsEvent {
  kind: 'button-click' | 'priority-monitoring-button-click';
  buttonType: string;
  patientId?: number | null;
}

async function insertEvent(
  db: Db,
  scope: ClinicScope,
  userId: number,
  event: AnalyticsEvent,
): Promise<number> {
  const rows = await db
    .insert(analyticsEvents)
    .values({
      clinicId: scope.clinicId,
      userId,
      kind: event.kind,
      buttonType: event.buttonType,
      patientId: event.patientId ?? null,
    })
    .returning({ id: analyticsEvents.id });
  return onlyRow(rows, 'insert analyticsEvents').id;
}

/** Stores a click; a patient named must be of the caller's clinic (404 otherwise). */
export async function recordEvent(ctx: AuthedCtx, event: AnalyticsEvent): Promise<{ id: number }> {
  const scope = clinicScope(ctx);
  if (event.patientId !== undefined && event.patientId !== null) {
    await requireClinicPatient(ctx.db, scope, event.patientId);
  }
  return { id: await insertEvent(ctx.db, scope, ctx.caller.user.id, event) };
}
