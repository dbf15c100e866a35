/**
 * Recommendations for a patient's program (issue 12, spec §7 GET /video/recommendations): the
 * diagnosis' code and body region, the phase of care, a bounded pool of candidate videos, ranked
 * by recommendation-rules.ts with the reasons in words.
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
import { normalizeIcd10Code, regionOf } from './icd10-regions';
import {
  PHASE_LEVELS,
  isIcd10CodeShaped,
  phaseOf,
  programCount,
  rankCandidates,
  weeksSince,
} from './recommendation-rules';
import { clinicCodeForDiagnosis, findCandidates, isClinicStaff } from './recommendations.repo';

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
  const region = code === null ? null : regionOf(code);
  const onboardedAt = new Date(query.onboarded_at);
  const phase = phaseOf(onboardedAt, now);
  const { rows, sampledPatients } = await findCandidates(db, scope, {
    code,
    region: region?.region ?? null,
    levels: PHASE_LEVELS[phase],
    patientId: patient?.id ?? null,
  });
  const ranked = rankCandidates(rows, {
    code,
    sampledPatients,
    region,
    phase,
    weeks: weeksSince(onboardedAt, now),
  });
  return {
    phase,
    region: region?.region ?? null,
    code,
    videos: ranked.map(({ candidate, reasons }) => ({
      ...toHepVideo(candidate),
      sets: programCount(candidate.prescribedSets ?? candidate.sets),
      reps: programCount(candidate.prescribedReps ?? candidate.reps),
      reasons,
    })),
  };
}

export function recommend(ctx: AuthedCtx, query: RecommendationsQuery): Promise<Recommendations> {
  return recommendFor(ctx.db, clinicScope(ctx), ctx.caller.user, query, ctx.clock.now());
}
