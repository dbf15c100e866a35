import type { z } from 'zod';
import type { HealthSampleBatchSchema } from '@homestretch/contract/health/metrics';
import type { IngestHealthResponse } from '@homestretch/contract/health/ingest-health-samples';
import { writeAudit } from '../../platform/audit';
import type { AuthedCtx } from '../../platform/context';
import { invalidInput } from '../../platform/errors';
import { ownSubject } from './health-scope';
import { addToDailyRollups, insertNewSamples, touchLastActivity } from './health.repo';
import { foldSamples } from './rollup';
import { checkBatch } from './sample-rules';

/**
 * Stores the signed-in patient's health samples and rolls the new ones into their daily
 * figures, in one transaction. All or nothing: any bad sample is a 400 naming it. Samples whose
 * id was stored before are answered as duplicates and counted nowhere, so retries are safe.
 */
export async function ingestHealthSamples(
  ctx: AuthedCtx,
  input: z.output<typeof HealthSampleBatchSchema>,
): Promise<IngestHealthResponse> {
  const subject = await ownSubject(ctx);
  const now = ctx.clock.now();
  const checked = checkBatch(input.samples, now);
  if (!checked.ok) {
    const count = Object.keys(checked.errors).length;
    throw invalidInput(
      checked.errors,
      `${count} ${count === 1 ? 'value was' : 'values were'} refused; nothing was stored`,
    );
  }
  const created = await ctx.db.transaction(async (tx) => {
    const fresh = await insertNewSamples(tx, subject.scope, subject.patient.id, checked.samples);
    const newSamples = checked.samples.filter((sample) => fresh.has(sample.sampleId));
    await addToDailyRollups(
      tx,
      subject.scope,
      subject.patient.id,
      foldSamples(newSamples, subject.timeZone),
    );
    const latest = newSamples.reduce<Date | null>(
      (max, sample) => (max && max >= sample.recordedAt ? max : sample.recordedAt),
      null,
    );
    if (latest) {
      await touchLastActivity(tx, subject.scope, subject.patient.id, latest);
    }
    await writeAudit(tx, ctx.meta, {
      action: 'health.ingest',
      clinicId: subject.scope.clinicId,
      actorUserId: ctx.caller.user.id,
      patientId: subject.patient.id,
      details: { received: input.samples.length, created: newSamples.length },
    });
    return fresh;
  });
  const results = input.samples.map((sample) => ({
    id: sample.id,
    status: created.has(sample.id) ? ('created' as const) : ('duplicate' as const),
  }));
  // A sample id repeated within the batch is created once and a duplicate after that.
  const seen = new Set<string>();
  for (const result of results) {
    if (result.status === 'created' && seen.has(result.id)) {
      result.status = 'duplicate';
    }
    seen.add(result.id);
  }
  const createdCount = results.filter((result) => result.status === 'created').length;
  return {
    received: input.samples.length,
    created: createdCount,
    duplicates: input.samples.length - createdCount,
    results,
  };
}
