/**
 * How recommendations are chosen and explained (issue 12): the phase of care from weeks since
 * onboarding, the catalogue levels each phase suits, and the ranking with its reasons in words.
 * Pure: the service reads the candidates and the clock, these rules decide.
 */
import { HEP_MAX_COUNT, HEP_MIN_COUNT } from '@homestretch/contract/hep/hep-item';
import {
  MAX_RECOMMENDATIONS,
  PHASES,
  PHASE_FIRST_WEEK,
  type Phase,
} from '@homestretch/contract/hep/recommendations';
import type { BodyPart, Level } from '@homestretch/contract/library/video';
import { displayIcd10Code } from '../icd10/icd10.api';
import { worksDiagnosisSite } from './catalogue-areas';
import type { DiagnosisRegion } from './icd10-regions';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Whole weeks since onboarding; an onboarding date still ahead counts as week 0. */
export function weeksSince(onboardedAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - onboardedAt.getTime()) / WEEK_MS));
}

/** The phase whose first week (PHASE_FIRST_WEEK) is the latest one reached. */
export function phaseOf(onboardedAt: Date, now: Date): Phase {
  const weeks = weeksSince(onboardedAt, now);
  return PHASES.findLast((phase) => weeks >= PHASE_FIRST_WEEK[phase]) ?? 'early';
}

/**
 * The catalogue levels that suit each phase. Early on tissue is irritable and the patient is
 * learning the movement, so only beginner exercises; in the middle weeks load is progressed, so
 * intermediate joins beginner; late in care the program prepares for full activity, so beginner
 * drops out (the patient has outgrown it) and expert comes in. A level outside the phase is not
 * excluded, it only earns no points: a clinic's prescriptions still bring it up.
 */
export const PHASE_LEVELS: Record<Phase, readonly Level[]> = {
  early: ['beginner'],
  middle: ['beginner', 'intermediate'],
  late: ['intermediate', 'expert'],
};

/**
 * Points per signal. What the clinic's therapists prescribe for the same code is the strongest:
 * one patient's program already scores as much as a region and level match together, and each
 * doubling of the patients adds a point. Then the diagnosis' body region, then the level.
 */
export const SCORE = {
  prescribed: 3,
  region: 2,
  level: 1,
} as const;

export function prescriptionPoints(patients: number): number {
  return patients > 0 ? SCORE.prescribed + Math.log2(patients) : 0;
}

/** What the ranking reads of a video (named as hep-video.ts reads it). */
export interface Candidate {
  videoId: number;
  videoTitle: string;
  /** Null for the catalogue. */
  videoClinicId: number | null;
  videoBodyParts: BodyPart;
  /** The catalogue entry's id (assets/exercises); for a clinic's video, its host's id or null. */
  videoExternalId: string | null;
  videoLevel: Level | null;
  /** Distinct patients of the clinic with the diagnosis code whose program holds the video. */
  prescribedPatients: number;
}

/** How many of the clinic's latest patients with the code tell what it prescribes. */
export const PRESCRIPTION_SAMPLE = 500;

export interface RankingContext {
  /** The diagnosis code as stored (M5450); null when the diagnosis named none we know. */
  code: string | null;
  /** How many patients with the code were read: PRESCRIPTION_SAMPLE when there are more. */
  sampledPatients: number;
  region: DiagnosisRegion | null;
  phase: Phase;
  weeks: number;
}

export interface Ranked<T extends Candidate> {
  candidate: T;
  score: number;
  /** Strongest first. */
  reasons: string[];
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function regionWords(region: DiagnosisRegion): string {
  return region.site.toLowerCase() === region.region.toLowerCase()
    ? region.region
    : `${region.region} (${region.site})`;
}

function videoOf(candidate: Candidate) {
  return {
    bodyPart: candidate.videoBodyParts,
    catalogueId: candidate.videoExternalId,
    fromCatalogue: candidate.videoClinicId === null,
  };
}

/** One video's score and the reasons for it, strongest first. */
export function scoreCandidate<T extends Candidate>(
  candidate: T,
  context: RankingContext,
): Ranked<T> {
  let score = 0;
  const reasons: string[] = [];
  if (candidate.prescribedPatients > 0 && context.code !== null) {
    score += prescriptionPoints(candidate.prescribedPatients);
    const latest =
      context.sampledPatients >= PRESCRIPTION_SAMPLE
        ? `${PRESCRIPTION_SAMPLE.toLocaleString('en-US')} latest `
        : '';
    reasons.push(
      `Prescribed for ${candidate.prescribedPatients} of your clinic's ${latest}${displayIcd10Code(context.code)} patients`,
    );
  }
  if (context.region !== null && worksDiagnosisSite(videoOf(candidate), context.region)) {
    score += SCORE.region;
    reasons.push(
      candidate.videoClinicId === null
        ? `${regionWords(context.region)} — matches the diagnosis`
        : // The clinic filed it under the region; whether it works the site is their call.
          `Filed under ${context.region.region}, the diagnosis' region`,
    );
  }
  if (candidate.videoLevel !== null && PHASE_LEVELS[context.phase].includes(candidate.videoLevel)) {
    score += SCORE.level;
    // The first week of care is week 1, as a patient and therapist count it.
    reasons.push(
      `${capitalise(candidate.videoLevel)} level suits the ${context.phase} phase (week ${context.weeks + 1})`,
    );
  }
  return { candidate, score, reasons };
}

/**
 * The best MAX_RECOMMENDATIONS candidates that have at least one reason. Ties: more patients,
 * then the clinic's own video before the catalogue's, then by title and id (a stable order).
 */
export function rankCandidates<T extends Candidate>(
  candidates: readonly T[],
  context: RankingContext,
): Ranked<T>[] {
  return candidates
    .map((candidate) => scoreCandidate(candidate, context))
    .filter((ranked) => ranked.reasons.length > 0)
    .sort(
      (left, right) =>
        right.score - left.score ||
        right.candidate.prescribedPatients - left.candidate.prescribedPatients ||
        Number(left.candidate.videoClinicId === null) -
          Number(right.candidate.videoClinicId === null) ||
        left.candidate.videoTitle.localeCompare(right.candidate.videoTitle) ||
        left.candidate.videoId - right.candidate.videoId,
    )
    .slice(0, MAX_RECOMMENDATIONS);
}

/** Sets or reps as a program may hold them (1–100): the video's defaults can exceed that. */
export function programCount(count: number): number {
  return Math.min(HEP_MAX_COUNT, Math.max(HEP_MIN_COUNT, Math.round(count)));
}

/** An ICD-10-CM code as typed (M54.5, m5450), rather than a description. */
const CODE_SHAPE = /^[A-Z][0-9][0-9A-Z](?:\.?[0-9A-Z]{1,4})?$/i;

export function isIcd10CodeShaped(text: string): boolean {
  return CODE_SHAPE.test(text.trim());
}
