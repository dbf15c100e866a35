import { describe, expect, it } from 'vitest';
import { MAX_RECOMMENDATIONS } from '@homestretch/contract/hep/recommendations';
import { type MovementModel, MovementModelSchema } from '@homestretch/contract/library/movement';
import { readDiagnosis } from './diagnosis-conditions';
import {
  type Candidate,
  type HeldExercise,
  type RankingContext,
  explainDiagnosis,
  focusOf,
  liftsArmOverhead,
  protectsRepair,
  isIcd10CodeShaped,
  phaseFor,
  programCount,
  rankCandidates,
  weeksSince,
} from './recommendation-rules';

const DAY = 24 * 60 * 60 * 1000;
const onboarded = new Date('2026-09-01T10:00:00Z');
const after = (days: number, ms = 0) => new Date(onboarded.getTime() + days * DAY + ms);

describe('weeksSince', () => {
  it('counts whole weeks, a date still ahead as week 0', () => {
    expect(weeksSince(onboarded, onboarded)).toBe(0);
    expect(weeksSince(onboarded, after(7, -1))).toBe(0);
    expect(weeksSince(onboarded, after(7))).toBe(1);
    expect(weeksSince(onboarded, after(50))).toBe(7);
    expect(weeksSince(onboarded, after(-30))).toBe(0);
  });
});

describe('phaseFor', () => {
  it('without surgery, and after a joint replacement: early weeks 0–2, middle 3–6, late 7 on', () => {
    for (const condition of [
      null,
      'low-back-pain',
      'knee-replacement',
      'hip-replacement',
    ] as const) {
      expect(
        [0, 2, 3, 6, 7, 40].map((weeks) => phaseFor(condition, weeks)),
        String(condition),
      ).toEqual(['early', 'early', 'middle', 'middle', 'late', 'late']);
    }
  });

  it('after a rotator cuff repair: passive motion to week 6, active to week 12, then strength', () => {
    expect([0, 5, 6, 11, 12].map((weeks) => phaseFor('rotator-cuff-repair', weeks))).toEqual([
      'early',
      'early',
      'middle',
      'middle',
      'late',
    ]);
  });

  it('after an ACL reconstruction: the first month early, to week 12 middle, then late', () => {
    expect([0, 3, 4, 11, 12].map((weeks) => phaseFor('acl-reconstruction', weeks))).toEqual([
      'early',
      'early',
      'middle',
      'middle',
      'late',
    ]);
  });
});

function candidate(id: number, values: Partial<Candidate> = {}): Candidate {
  return {
    videoId: id,
    videoClinicId: null,
    videoTitle: `Exercise ${id}`,
    movementId: `exercise-${id}`,
    conditions: ['knee-replacement'],
    phases: ['early'],
    regions: ['knee'],
    joints: ['knee'],
    purpose: 'Strength',
    equipment: ['none'],
    easier: [],
    videoMovement: null,
    ...values,
  };
}

function held(movementId: string, values: Partial<HeldExercise> = {}): HeldExercise {
  return {
    videoId: 1_000,
    movementId,
    name: 'Quad set',
    weeksHeld: 3,
    harder: [],
    easier: [],
    ...values,
  };
}

const kneeReplacementEarly: RankingContext = {
  diagnosis: readDiagnosis('Z96651'),
  phase: 'early',
  weeks: 1,
  held: [],
};
const ids = (candidates: Candidate[], context: RankingContext) =>
  rankCandidates(candidates, context).map((entry) => entry.candidate.videoId);

describe('rankCandidates', () => {
  it("keeps the condition's exercises of the phase, the most specific first, and says why in a line", () => {
    const ranked = rankCandidates(
      [
        candidate(1, { phases: ['early', 'middle', 'late'] }),
        candidate(2, { purpose: 'Mobility' }),
        candidate(3, { phases: ['middle'] }), // another phase: out
        candidate(4, { conditions: ['hip-replacement'] }), // another condition: out
        candidate(5, { regions: ['ankle-foot'], joints: ['ankle'], purpose: 'Mobility' }),
        candidate(6, {
          conditions: ['knee-replacement', 'knee-osteoarthritis', 'acl-reconstruction'],
        }),
      ],
      kneeReplacementEarly,
    );
    expect(ranked.map((entry) => entry.candidate.videoId)).toEqual([2, 5, 6, 1]);
    expect(ranked[0]).toMatchObject({
      reasons: ['Knee replacement, week 2: early phase — knee range of motion'],
      condition: 'knee-replacement',
      phase: 'early',
    });
    expect(ranked[1]?.reasons).toEqual([
      'Knee replacement, week 2: early phase — ankle range of motion',
    ]);
  });

  it('never recommends what the program holds, in any film, nor a step back from it', () => {
    const context = {
      ...kneeReplacementEarly,
      held: [held('exercise-1', { videoId: 2, easier: ['exercise-3'] })],
    };
    expect(ids([candidate(1), candidate(2), candidate(3), candidate(4)], context)).toEqual([4]);
  });

  it('prefers the harder versions of what the patient has done for two weeks', () => {
    const progression = candidate(2, { phases: ['early', 'middle'] });
    const plain = candidate(3);
    const fresh = {
      ...kneeReplacementEarly,
      held: [held('exercise-1', { harder: ['exercise-2'], weeksHeld: 1 })],
    };
    expect(ids([progression, plain], fresh)).toEqual([3, 2]);
    const due = {
      ...kneeReplacementEarly,
      held: [held('exercise-1', { harder: ['exercise-2'], weeksHeld: 2 })],
    };
    const [first] = rankCandidates([progression, plain], due);
    expect(first).toMatchObject({
      candidate: { videoId: 2 },
      reasons: [
        'Progression of Quad set, done for 2 weeks',
        'Knee replacement, week 2: early phase — knee strength',
      ],
    });
  });

  it('lets a progression reach one phase ahead, but never after surgery', () => {
    const ahead = candidate(2, {
      phases: ['middle'],
      conditions: ['knee-osteoarthritis', 'knee-replacement'],
    });
    const two = candidate(3, { phases: ['late'], conditions: ['knee-osteoarthritis'] });
    const holding = [held('exercise-1', { harder: ['exercise-2', 'exercise-3'] })];
    expect(ids([ahead, two], { ...kneeReplacementEarly, held: holding })).toEqual([]);
    const osteoarthritis = {
      diagnosis: readDiagnosis('M17.11'),
      phase: 'early',
      weeks: 2,
      held: holding,
    } as const;
    const [first] = rankCandidates([ahead, two], osteoarthritis);
    expect(first).toMatchObject({ candidate: { videoId: 2 }, phase: 'middle' });
    expect(ids([ahead, two], osteoarthritis)).toEqual([2]);
  });

  it('falls back to the region for a code with none of the conditions, and says so', () => {
    const context = {
      diagnosis: readDiagnosis('M25.561'),
      phase: 'early',
      weeks: 0,
      held: [],
    } as const;
    const ranked = rankCandidates(
      [candidate(1, { conditions: ['knee-osteoarthritis'] }), candidate(2, { regions: ['hip'] })],
      context,
    );
    expect(
      ranked.map((entry) => [entry.candidate.videoId, entry.reasons, entry.condition]),
    ).toEqual([[1, ['M25.561 (knee), week 1: early phase — knee strength'], null]]);
  });

  it('recommends nothing without a condition or region', () => {
    const context = {
      diagnosis: readDiagnosis('Z47.1'),
      phase: 'early',
      weeks: 0,
      held: [],
    } as const;
    expect(rankCandidates([candidate(1)], context)).toEqual([]);
  });

  it("keeps one of each exercise: the clinic's own film of it", () => {
    const ours = candidate(9, {
      videoClinicId: 7,
      movementId: 'exercise-1',
      videoTitle: 'Our quad set',
    });
    expect(ids([candidate(1), ours], kneeReplacementEarly)).toEqual([9]);
  });

  it(`keeps at most ${MAX_RECOMMENDATIONS}`, () => {
    const many = Array.from({ length: 30 }, (_, index) => candidate(index + 1));
    expect(rankCandidates(many, kneeReplacementEarly)).toHaveLength(MAX_RECOMMENDATIONS);
  });
});

/** A right arm raised from `from` to `to` degrees of flexion, in a posture. */
function armRaise(posture: MovementModel['posture'], from: number, to: number): MovementModel {
  return MovementModelSchema.parse({
    view: 'side',
    posture,
    start: { right: { shoulderFlexion: from } },
    end: { right: { shoulderFlexion: to } },
    moving: 'right',
    counted: from === to ? null : { joint: 'shoulderFlexion', side: 'right', from, to },
  });
}

describe('protectsRepair', () => {
  const shoulder = { joints: ['shoulder'], equipment: ['none'], videoMovement: null };
  it('keeps a repaired cuff from work early and from resistance in the middle weeks', () => {
    const strength = { ...shoulder, purpose: 'Strength' } as const;
    const banded = { ...strength, equipment: ['band'] };
    const mobility = { ...shoulder, purpose: 'Mobility' } as const;
    expect(protectsRepair('rotator-cuff-repair', 'early', strength)).toBe(true);
    expect(protectsRepair('rotator-cuff-repair', 'early', mobility)).toBe(false);
    expect(protectsRepair('rotator-cuff-repair', 'middle', strength)).toBe(false);
    expect(protectsRepair('rotator-cuff-repair', 'middle', banded)).toBe(true);
    expect(protectsRepair('rotator-cuff-repair', 'late', banded)).toBe(false);
    expect(protectsRepair('shoulder-impingement', 'early', banded)).toBe(false);
    const overhead = { ...mobility, videoMovement: armRaise('standing', 60, 140) };
    expect(protectsRepair('rotator-cuff-repair', 'early', overhead)).toBe(true);
    expect(protectsRepair('rotator-cuff-repair', 'middle', overhead)).toBe(false);
  });

  it('tells an arm lifted overhead against gravity from one hanging or helped lying down', () => {
    expect(liftsArmOverhead(armRaise('standing', 60, 140))).toBe(true);
    expect(liftsArmOverhead(armRaise('sitting', 45, 85))).toBe(false);
    expect(liftsArmOverhead(armRaise('standing', 95, 95))).toBe(false);
    expect(liftsArmOverhead(armRaise('supine', 30, 140))).toBe(false);
    expect(liftsArmOverhead(null)).toBe(false);
  });
});

describe('focusOf', () => {
  it('names the joint and what the exercise does for it', () => {
    expect(focusOf({ joints: ['lumbar-spine'], purpose: 'Stretching' })).toBe(
      'low back flexibility',
    );
    expect(focusOf({ joints: ['hip', 'knee'], purpose: 'Balance' })).toBe('balance');
  });
});

describe('explainDiagnosis', () => {
  it("names the condition and the phase's weeks, or why there is none", () => {
    expect(
      explainDiagnosis({ diagnosis: readDiagnosis('M75.111'), phase: 'early', weeks: 1 }),
    ).toBe(
      'M75.111: Rotator cuff repair, week 2, early phase (middle from week 7, late from week 13).',
    );
    expect(explainDiagnosis({ diagnosis: readDiagnosis('M25.561'), phase: 'late', weeks: 8 })).toBe(
      'M25.561 names no condition of the catalogue: exercises for the knee, week 9, late phase.',
    );
    expect(explainDiagnosis({ diagnosis: readDiagnosis('Z47.1'), phase: 'early', weeks: 0 })).toBe(
      'Z47.1 names no condition or body region the catalogue treats: choose the exercises from the library.',
    );
  });
});

describe('programCount', () => {
  it('keeps sets and reps within 1–100', () => {
    expect(programCount(0)).toBe(1);
    expect(programCount(12)).toBe(12);
    expect(programCount(200)).toBe(100);
  });
});

describe('isIcd10CodeShaped', () => {
  it('tells a code from a description', () => {
    for (const code of ['M54.5', 'm5450', 'S13.4XXD', 'G20A1', 'Z96.651', 'M17']) {
      expect(isIcd10CodeShaped(code), code).toBe(true);
    }
    for (const words of ['Cervicalgia', 'Low back pain, unspecified', 'M5', 'M54.55555']) {
      expect(isIcd10CodeShaped(words), words).toBe(false);
    }
  });
});
