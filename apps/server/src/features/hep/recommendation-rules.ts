/**
 * How recommendations are chosen and explained (issue 32 item 5): the phase of care from the
 * weeks since onboarding, by the condition's own weeks after surgery; the physical-therapy
 * catalogue's clinical tags (condition, phase, region) and the patient's program (progressions)
 * choose the exercises; each says why in one line. Pure: the service reads the candidates, the
 * program and the clock, these rules decide.
 */
import { HEP_MAX_COUNT, HEP_MIN_COUNT } from '@homestretch/contract/hep/hep-item';
import {
  MAX_RECOMMENDATIONS,
  PHASES,
  PHASE_FIRST_WEEK,
  type Phase,
} from '@homestretch/contract/hep/recommendations';
import type {
  Condition,
  ExercisePurpose,
  Region,
} from '@homestretch/contract/library/catalogue-entry';
import { CONDITION_LABELS } from '@homestretch/contract/library/catalogue-exercise';
import type { MovementModel } from '@homestretch/contract/library/movement';
import { displayIcd10Code } from '../icd10/icd10.api';
import { type DiagnosisReading, REGION_OF_CONDITION } from './diagnosis-conditions';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Whole weeks since a date; a date still ahead counts as week 0. */
export function weeksSince(start: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - start.getTime()) / WEEK_MS));
}

/**
 * The first whole week of the middle and late phases. Without surgery the contract's table
 * (PHASE_FIRST_WEEK: early weeks 0–2, middle 3–6, late 7 on), which is also how the common knee
 * and hip replacement protocols run (the AAOS guides' early exercises for the first weeks home,
 * standing strength next, the advanced ones from about the second month). Two repairs heal
 * slower and set their own weeks, after the protocols pt-catalogue/sources.ts cites:
 * - rotator cuff repair (ASSET consensus, Thigpen et al. 2016): passive motion only while the
 *   tendon heals, about six weeks; active motion from week 6; strengthening from week 12;
 * - ACL reconstruction (JOSPT knee ligament guideline, Logerstedt et al. 2017, and the protocols
 *   it reviews): motion and quadriceps activation in the first month; closed-chain strength to
 *   the third month; single-leg, lunging and return-to-sport work from week 12.
 * Time is the floor, never the only test: the therapist's examination decides a progression.
 */
export const PHASE_WEEKS: Partial<Record<Condition, Record<Phase, number>>> = {
  'rotator-cuff-repair': { early: 0, middle: 6, late: 12 },
  'acl-reconstruction': { early: 0, middle: 4, late: 12 },
};

/**
 * The conditions whose phases follow tissue healing after surgery: an exercise of a later phase
 * is never offered early, however well the patient does.
 */
export const SURGICAL_CONDITIONS: ReadonlySet<Condition> = new Set([
  'knee-replacement',
  'hip-replacement',
  'acl-reconstruction',
  'rotator-cuff-repair',
]);

/** The phase whose first week is the latest one reached, by the condition's weeks. */
export function phaseFor(condition: Condition | null, weeks: number): Phase {
  const table = (condition === null ? undefined : PHASE_WEEKS[condition]) ?? PHASE_FIRST_WEEK;
  return PHASES.findLast((phase) => weeks >= table[phase]) ?? 'early';
}

/** The postures in which a raised arm is lifted against gravity by its own muscles. */
const UPRIGHT: ReadonlySet<MovementModel['posture']> = new Set([
  'standing',
  'sitting',
  'half-kneeling',
  'kneeling',
]);

/**
 * Whether an exercise lifts an arm above shoulder height against gravity: upright, the arm ending
 * above 90° of flexion or abduction and higher than it started (a pendulum hangs at 95° of
 * flexion from a bent trunk, and does not rise).
 */
export function liftsArmOverhead(movement: MovementModel | null): boolean {
  if (movement === null || !UPRIGHT.has(movement.posture)) {
    return false;
  }
  return (['left', 'right'] as const).some((side) => {
    const start = movement.start[side];
    const end = movement.end[side];
    const flexion =
      (end.shoulderFlexion ?? 0) > 90 && (end.shoulderFlexion ?? 0) > (start.shoulderFlexion ?? 0);
    const abduction =
      (end.shoulderAbduction ?? 0) > 90 &&
      (end.shoulderAbduction ?? 0) > (start.shoulderAbduction ?? 0);
    return flexion || abduction;
  });
}

/**
 * What a repaired rotator cuff may not do yet (ASSET consensus, Thigpen et al. 2016): while the
 * tendon heals (the early phase) it is moved but never made to work, so no strengthening of the
 * shoulder and no lifting the arm overhead by itself; in the middle phase it works against
 * gravity only, so no band or weight. The joint replacements and the ACL graft are strengthened
 * from the first days (quad sets, straight leg raises): their phase tags are protection enough.
 */
export function protectsRepair(
  condition: Condition | null,
  phase: Phase,
  candidate: Pick<Candidate, 'purpose' | 'joints' | 'equipment' | 'videoMovement'>,
): boolean {
  if (condition !== 'rotator-cuff-repair') {
    return false;
  }
  const shoulderStrength =
    candidate.purpose === 'Strength' && candidate.joints.includes('shoulder');
  switch (phase) {
    case 'early':
      return shoulderStrength || liftsArmOverhead(candidate.videoMovement);
    case 'middle':
      return (
        shoulderStrength &&
        (candidate.equipment.includes('band') || candidate.equipment.includes('weight'))
      );
    case 'late':
      return false;
  }
}

/** An exercise done this many whole weeks has been done "for a while": its harder versions are due. */
export const PROGRESSION_AFTER_WEEKS = 2;

/**
 * Points per signal. The diagnosis' condition is the strongest (a region alone scores less);
 * a progression of what the patient has done for a while comes next; then how closely the
 * exercise belongs to this phase and this condition (an exercise tagged for one phase is that
 * phase's own, one tagged for all three is anyone's), then whether it works the condition's own
 * region first.
 */
export const SCORE = {
  condition: 10,
  region: 6,
  progression: 5,
  phaseSpecific: 3,
  conditionSpecific: 2,
  primaryRegion: 1,
} as const;

/** What the ranking reads of a candidate: its video and the catalogue exercise it follows. */
export interface Candidate {
  videoId: number;
  /** Null for the catalogue. */
  videoClinicId: number | null;
  videoTitle: string;
  /** The catalogue exercise (videos.movement_id) whose tags apply. */
  movementId: string;
  conditions: readonly Condition[];
  phases: readonly Phase[];
  regions: readonly Region[];
  joints: readonly string[];
  purpose: ExercisePurpose;
  equipment: readonly string[];
  easier: readonly string[];
  videoMovement: MovementModel | null;
}

/** An exercise of the patient's program now, with its catalogue links. */
export interface HeldExercise {
  videoId: number;
  /** The catalogue exercise it follows; null for a clinic film that took none. */
  movementId: string | null;
  /** The catalogue exercise's name, for the reason ("Progression of Quad set"). */
  name: string;
  /** Whole weeks since it was added to the program. */
  weeksHeld: number;
  harder: readonly string[];
  easier: readonly string[];
}

export interface RankingContext {
  diagnosis: DiagnosisReading;
  phase: Phase;
  /** Whole weeks since onboarding. */
  weeks: number;
  held: readonly HeldExercise[];
}

export interface Ranked<T extends Candidate> {
  candidate: T;
  score: number;
  /** The one line first, then any other reason. */
  reasons: string[];
  /** The condition it was chosen for; null when only the region matched. */
  condition: Condition | null;
  /** The phase it serves: the patient's, or the next one for a progression. */
  phase: Phase;
}

/** How a joint reads in a reason. */
const JOINT_WORDS: Record<string, string> = {
  'cervical-spine': 'neck',
  'thoracic-spine': 'upper back',
  'lumbar-spine': 'low back',
  scapula: 'shoulder blade',
  shoulder: 'shoulder',
  elbow: 'elbow',
  hip: 'hip',
  knee: 'knee',
  ankle: 'ankle',
  foot: 'foot',
};

const PURPOSE_WORDS: Record<ExercisePurpose, string> = {
  Mobility: 'range of motion',
  Stretching: 'flexibility',
  Strength: 'strength',
  Balance: 'balance',
};

/** What the exercise works, in a few words: "knee range of motion", "hip strength", "balance". */
export function focusOf(candidate: Pick<Candidate, 'joints' | 'purpose'>): string {
  if (candidate.purpose === 'Balance') {
    return PURPOSE_WORDS.Balance;
  }
  const joint = candidate.joints[0];
  const words = joint === undefined ? undefined : JOINT_WORDS[joint];
  return words === undefined
    ? PURPOSE_WORDS[candidate.purpose]
    : `${words} ${PURPOSE_WORDS[candidate.purpose]}`;
}

/** The one line of a phase match: "Knee replacement, week 2: early phase — knee range of motion". */
function phaseReason(candidate: Candidate, context: RankingContext, phase: Phase): string {
  const { diagnosis } = context;
  const subject =
    diagnosis.kind === 'condition'
      ? CONDITION_LABELS[diagnosis.condition]
      : `${displayIcd10Code(diagnosis.code ?? '')} (${diagnosis.region?.site ?? 'diagnosis'})`;
  // The first week of care is week 1, as a patient and therapist count it.
  return `${subject}, week ${context.weeks + 1}: ${phase} phase — ${focusOf(candidate)}`;
}

function weeksWords(weeks: number): string {
  return weeks === 1 ? '1 week' : `${weeks} weeks`;
}

/** The next phase, or null after the last. */
function nextPhase(phase: Phase): Phase | null {
  return PHASES[PHASES.indexOf(phase) + 1] ?? null;
}

/** One candidate's score and reasons, or null when it must not be recommended. */
export function scoreCandidate<T extends Candidate>(
  candidate: T,
  context: RankingContext,
): Ranked<T> | null {
  const { diagnosis, phase, held } = context;
  if (diagnosis.kind === 'none') {
    return null;
  }
  // What the program holds is never recommended again, in any film, nor a step back from it.
  const regression = held.some(
    (item) =>
      item.videoId === candidate.videoId ||
      item.movementId === candidate.movementId ||
      item.easier.includes(candidate.movementId),
  );
  if (regression) {
    return null;
  }
  const condition = diagnosis.kind === 'condition' ? diagnosis.condition : null;
  const surgical = condition !== null && SURGICAL_CONDITIONS.has(condition);
  const progressionOf = held
    .filter(
      (item) =>
        item.weeksHeld >= PROGRESSION_AFTER_WEEKS && item.harder.includes(candidate.movementId),
    )
    .sort((left, right) => right.weeksHeld - left.weeksHeld)[0];
  // A progression may reach one phase ahead, unless surgery's healing sets the pace.
  const ahead = nextPhase(phase);
  const servedPhase = candidate.phases.includes(phase)
    ? phase
    : progressionOf !== undefined && !surgical && ahead !== null && candidate.phases.includes(ahead)
      ? ahead
      : null;
  if (servedPhase === null) {
    return null;
  }
  if (protectsRepair(condition, servedPhase, candidate)) {
    return null;
  }

  let score = 0;
  const reasons: string[] = [];
  let matched: Condition | null = null;
  if (condition !== null && candidate.conditions.includes(condition)) {
    score += SCORE.condition + SCORE.conditionSpecific / candidate.conditions.length;
    matched = condition;
    if (candidate.regions[0] === REGION_OF_CONDITION[condition]) {
      score += SCORE.primaryRegion;
    }
  } else if (diagnosis.kind === 'region' && candidate.regions[0] === diagnosis.catalogueRegion) {
    // Only the region an exercise works first: a floor lift works the knee, but for the back.
    score += SCORE.region;
  } else if (progressionOf === undefined) {
    // Neither the condition nor the region: not this patient's exercise.
    return null;
  }
  score += SCORE.phaseSpecific / candidate.phases.length;
  if (progressionOf !== undefined) {
    score += SCORE.progression;
    reasons.push(
      `Progression of ${progressionOf.name}, done for ${weeksWords(progressionOf.weeksHeld)}`,
    );
  }
  if (matched !== null || diagnosis.kind === 'region') {
    reasons.push(phaseReason(candidate, context, servedPhase));
  }
  return { candidate, score, reasons, condition: matched, phase: servedPhase };
}

/**
 * The best MAX_RECOMMENDATIONS candidates, one per catalogue exercise: a clinic's own film of an
 * exercise stands for it (its therapists filmed it for their patients). Ties: the clinic's own
 * film first, then by title and id (a stable order).
 */
export function rankCandidates<T extends Candidate>(
  candidates: readonly T[],
  context: RankingContext,
): Ranked<T>[] {
  const ranked = candidates
    .map((candidate) => scoreCandidate(candidate, context))
    .filter((entry): entry is Ranked<T> => entry !== null)
    .sort(
      (left, right) =>
        right.score - left.score ||
        Number(left.candidate.videoClinicId === null) -
          Number(right.candidate.videoClinicId === null) ||
        left.candidate.videoTitle.localeCompare(right.candidate.videoTitle) ||
        left.candidate.videoId - right.candidate.videoId,
    );
  const seen = new Set<string>();
  return ranked
    .filter((entry) => {
      if (seen.has(entry.candidate.movementId)) {
        return false;
      }
      seen.add(entry.candidate.movementId);
      return true;
    })
    .slice(0, MAX_RECOMMENDATIONS);
}

/** How the diagnosis was read, in a line the panel shows above the list. */
export function explainDiagnosis(context: Omit<RankingContext, 'held'>): string {
  const { diagnosis, phase, weeks } = context;
  const week = `week ${weeks + 1}, ${phase} phase`;
  switch (diagnosis.kind) {
    case 'condition': {
      const table = PHASE_WEEKS[diagnosis.condition] ?? PHASE_FIRST_WEEK;
      return `${displayIcd10Code(diagnosis.code)}: ${CONDITION_LABELS[diagnosis.condition]}, ${week} (middle from week ${table.middle + 1}, late from week ${table.late + 1}).`;
    }
    case 'region':
      return `${displayIcd10Code(diagnosis.code)} names no condition of the catalogue: exercises for the ${diagnosis.region.site}, ${week}.`;
    case 'none':
      return diagnosis.code === null
        ? 'No diagnosis code was found for this diagnosis: choose the exercises from the library.'
        : `${displayIcd10Code(diagnosis.code)} names no condition or body region the catalogue treats: choose the exercises from the library.`;
  }
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
