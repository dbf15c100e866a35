/**
 * Recommendations for a patient's program (spec §7 GET /video/recommendations, issue 32 item 5):
 * the diagnosis' code and the catalogue condition it names (else its region), the phase of care,
 * the patient's program, and the catalogue exercises and tagged clinic films ranked by
 * recommendation-rules.ts, each with its reason in a line.
 */
import type {
  Recommendations,
  RecommendationsQuerySchema,
} from '@homestretch/contract/hep/recommendations';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type AuthedCtx, type ClinicScope, clinicScope } from '../../platform/context';
import { notFound } from '../../platform/errors';
import type { CallerUser } from '../../platform/sessions';
import { findCodeByDescription } from '../icd10/icd10.api';
import { type PatientRow, requireReadablePatient } from '../patients/patients.api';
import { toHepVideo } from './hep-video';
import { readDiagnosis } from './diagnosis-conditions';
import { normalizeIcd10Code } from './icd10-regions';
import {
  PROGRESSION_AFTER_WEEKS,
  explainDiagnosis,
  isIcd10CodeShaped,
  phaseFor,
  programCount,
  rankCandidates,
  weeksSince,
} from './recommendation-rules';
import {
  clinicCodeForDiagnosis,
  findCandidates,
  findHeld,
  isClinicStaff,
} from './recommendations.repo';

type RecommendationsQuery = z.output<typeof RecommendationsQuerySchema>;

/**
 * The diagnosis' code: typed as a code; the patient's own code when the diagnosis is theirs; the
 * code set's entry of that description; else the code the clinic's patients with that diagnosis
 * carry. Null when none says.
 */
async function diagnosisCode(
  db: Db,
  scope: ClinicScope,
  diagnosis: string,
  patient: PatientRow | null,
): Promise<string | null> {
  if (isIcd10CodeShaped(diagnosis)) {
    return normalizeIcd10Code(diagnosis);
  }
  if (
    patient?.selectedCode &&
    patient.diagnosis?.trim().toLowerCase() === diagnosis.toLowerCase()
  ) {
    return patient.selectedCode;
  }
  return (
    (await findCodeByDescription(db, diagnosis)) ??
    (await clinicCodeForDiagnosis(db, scope, diagnosis))
  );
}

/** The recommendations for a clinic at a moment: the whole of the call but the HTTP around it. */
export async function recommendFor(
  db: Db,
  scope: ClinicScope,
  viewer: Pick<CallerUser, 'id' | 'role'>,
  query: RecommendationsQuery,
  now: Date,
): Promise<Recommendations> {
  const [patient, therapistIsStaff] = await Promise.all([
    query.patient_id === undefined
      ? null
      : requireReadablePatient(db, scope, viewer, query.patient_id),
    isClinicStaff(db, scope, query.therapist_id),
  ]);
  if (!therapistIsStaff) {
    throw notFound('Therapist');
  }
  const code = await diagnosisCode(db, scope, query.diagnosis_name, patient);
  const diagnosis = readDiagnosis(code);
  const condition = diagnosis.kind === 'condition' ? diagnosis.condition : null;
  // No record holds a surgery date: onboarding stands for it, days after surgery as a rule.
  const weeks = weeksSince(new Date(query.onboarded_at), now);
  const phase = phaseFor(condition, weeks);
  const held = (patient === null ? [] : await findHeld(db, scope, patient.id)).map((item) => ({
    ...item,
    weeksHeld: weeksSince(item.addedAt, now),
  }));
  const rows =
    diagnosis.kind === 'none'
      ? []
      : await findCandidates(db, scope, {
          condition,
          region: diagnosis.kind === 'region' ? diagnosis.catalogueRegion : null,
          progressions: held
            .filter((item) => item.weeksHeld >= PROGRESSION_AFTER_WEEKS)
            .flatMap((item) => item.harder),
        });
  const context = { diagnosis, phase, weeks };
  const ranked = rankCandidates(rows, { ...context, held });
  return {
    phase,
    region: diagnosis.region?.region ?? null,
    code,
    condition,
    week: weeks + 1,
    explanation: explainDiagnosis(context),
    videos: ranked.map(({ candidate, reasons, condition: matched, phase: served }) => ({
      ...toHepVideo(candidate),
      sets: programCount(candidate.sets),
      reps: programCount(candidate.reps),
      reasons,
      reason: reasons[0] ?? '',
      condition: matched,
      phase: served,
    })),
  };
}

export function recommend(ctx: AuthedCtx, query: RecommendationsQuery): Promise<Recommendations> {
  return recommendFor(ctx.db, clinicScope(ctx), ctx.caller.user, query, ctx.clock.now());
}
