/**
 * The demo therapist's recent calls (issue 13, features/voice): their two latest logged calls
 * are made calls placed through the simulator and answered, each linked to its interaction log
 * the way a completed call logs itself; one more rang out unanswered and logged nothing. A new
 * user sees the recent-calls card and a log entry of a placed call filled in.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { interactionLogs, voiceCalls } from '../db/schema';

/** The simulator's ring before an answer (platform/voice.ts), so the rows read like its calls. */
const RING_MS = 5_000;
const UNANSWERED_MS = 30_000;

export async function seedDemoCalls(tx: Db, clinicId: number, therapistId: number): Promise<void> {
  const logs = await tx
    .select()
    .from(interactionLogs)
    .where(
      and(
        eq(interactionLogs.clinicId, clinicId),
        eq(interactionLogs.userId, therapistId),
        gt(interactionLogs.callDurationSeconds, 0),
      ),
    )
    .orderBy(desc(interactionLogs.date))
    .limit(3);
  for (const log of logs.slice(0, 2)) {
    const startedAt = new Date(log.date.getTime() - log.callDurationSeconds * 1000);
    const [call] = await tx
      .insert(voiceCalls)
      .values({
        clinicId,
        patientId: log.patientId,
        userId: therapistId,
        status: 'completed',
        outcome: 'CALL_OK',
        provider: 'simulator',
        providerCallId: `sim-reachable-demo-${log.id}`,
        startedAt,
        endedAt: log.date,
        durationSeconds: log.callDurationSeconds,
        createdAt: new Date(startedAt.getTime() - RING_MS),
      })
      .returning({ id: voiceCalls.id });
    await tx
      .update(interactionLogs)
      .set({ voiceCallId: call?.id ?? null })
      .where(eq(interactionLogs.id, log.id));
  }
  const unanswered = logs[2];
  if (unanswered) {
    // The day before the logged call that followed it up.
    const createdAt = new Date(unanswered.date.getTime() - 86_400_000);
    await tx.insert(voiceCalls).values({
      clinicId,
      patientId: unanswered.patientId,
      userId: therapistId,
      status: 'no-answer',
      outcome: 'CALL_NOK',
      provider: 'simulator',
      providerCallId: `sim-unreachable-demo-${unanswered.id}`,
      endedAt: new Date(createdAt.getTime() + UNANSWERED_MS),
      durationSeconds: 0,
      createdAt,
    });
  }
}
