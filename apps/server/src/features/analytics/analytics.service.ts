/**
 * The analytics calls of spec §7, stored rather than dropped (ARCHITECTURE.md: analytics is
 * disabled in this build, but the calls are still kept by our API).
 */
import type { Db } from '../../db/client';
import { analyticsEvents } from '../../db/schema';
import { type AuthedCtx, type ClinicScope, clinicScope } from '../../platform/context';
import { onlyRow } from '../../platform/db-errors';
import { requireVisibleVideos } from '../library/library.api';
import { requireClinicPatient } from '../patients/patients.api';

interface AnalyticsEvent {
  kind:
    | 'button-click'
    | 'priority-monitoring-button-click'
    | 'video-recommendation-interaction'
    | 'hep-send-event';
  buttonType?: string;
  patientId?: number | null;
  /** Videos the event names: each must be the clinic's or the catalogue's. */
  videoIds?: number[];
  /** The call's own fields, kept as sent (analytics_events.payload). */
  payload?: Record<string, unknown>;
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
      buttonType: event.buttonType ?? null,
      patientId: event.patientId ?? null,
      payload: event.payload ?? {},
    })
    .returning({ id: analyticsEvents.id });
  return onlyRow(rows, 'insert analyticsEvents').id;
}

/**
 * Stores an event. A patient named must be of the caller's clinic, and each video named the
 * clinic's or the catalogue's (404 naming the first that is not).
 */
export async function recordEvent(ctx: AuthedCtx, event: AnalyticsEvent): Promise<{ id: number }> {
  const scope = clinicScope(ctx);
  if (event.patientId !== undefined && event.patientId !== null) {
    await requireClinicPatient(ctx.db, scope, event.patientId);
  }
  await requireVisibleVideos(ctx, [...new Set(event.videoIds ?? [])]);
  return { id: await insertEvent(ctx.db, scope, ctx.caller.user.id, event) };
}
