import { describe, expect, it } from 'vitest';
import { MAX_RECOMMENDATIONS } from '@homestretch/contract/hep/recommendations';
import {
  type Candidate,
  PRESCRIPTION_SAMPLE,
  type RankingContext,
  isIcd10CodeShaped,
  phaseOf,
  programCount,
  rankCandidates,
  weeksSince,
} from './recommendation-rules';

const DAY = 24 * 60 * 60 * 1000;
const onboarded = new Date('2026-09-01T10:00:00Z');
const after = (days: number, ms = 0) => new Date(onboarded.getTime() + days * DAY + ms);

describe('phaseOf', () => {
  it('counts whole weeks since onboarding', () => {
    expect(weeksSince(onboarded, onboarded)).toBe(0);
    expect(weeksSince(onboarded, after(7, -1))).toBe(0);
    expect(weeksSince(onboarded, after(7))).toBe(1);
    expect(weeksSince(onboarded, after(50))).toBe(7);
  });

  it('is early through week 2 and middle from week 3', () => {
    expect(phaseOf(onboarded, after(0))).toBe('early');
    expect(phaseOf(onboarded, after(21, -1))).toBe('early');
    expect(phaseOf(onboarded, after(21))).toBe('middle');
  });

  it('is middle through week 6 and late from week 7 on', () => {
    expect(phaseOf(onboarded, after(49, -1))).toBe('middle');
    expect(phaseOf(onboarded, after(49))).toBe('late');
    expect(phaseOf(onboarded, after(400))).toBe('late');
  });

  it('takes an onboarding date still ahead as week 0', () => {
    expect(weeksSince(onboarded, after(-30))).toBe(0);
    expect(phaseOf(onboarded, after(-30))).toBe('early');
  });
});

function candidate(
  id: number,
  values: Partial<
    Pick<
      Candidate,
      'videoClinicId' | 'videoBodyParts' | 'videoExternalId' | 'videoLevel' | 'prescribedPatients'
    >
  >,
): Candidate {
  return {
    videoId: id,
    videoTitle: `Exercise ${id}`,
    videoClinicId: null,
    videoBodyParts: 'Shoulder',
    videoExternalId: null,
    videoLevel: 'expert',
    prescribedPatients: 0,
    ...values,
  };
}

/** A catalogue stretch of the low back (catalogue-areas.ts). */
const lowBack = { videoBodyParts: 'Back', videoExternalId: 'Cat_Stretch' } as const;

const lumbarEarly: RankingContext = {
  code: 'M5450',
  sampledPatients: 40,
  region: { region: 'Back', site: 'lumbar' },
  phase: 'early',
  weeks: 0,
};

describe('rankCandidates', () => {
  it("puts the clinic's prescriptions first, then body region, then level", () => {
    const ranked = rankCandidates(
      [
        candidate(1, { videoLevel: 'beginner' }), // level only: 1
        candidate(2, { ...lowBack, videoLevel: 'beginner' }), // region and level: 3
        candidate(3, { prescribedPatients: 1 }), // one patient: 3, wins the tie on patients
        candidate(4, { ...lowBack, prescribedPatients: 1 }), // 3 + 2
        candidate(5, { prescribedPatients: 12 }), // 3 + log2(12) ≈ 6.6
        candidate(6, lowBack), // region only: 2
        candidate(7, { videoBodyParts: 'Back', videoLevel: 'beginner', videoClinicId: 1 }), // 3, clinic first
        candidate(8, {}), // no reason at all: left out
      ],
      lumbarEarly,
    );
    expect(ranked.map((entry) => entry.candidate.videoId)).toEqual([5, 4, 3, 7, 2, 6, 1]);
  });

  it('says why in words, strongest first', () => {
    const [ranked] = rankCandidates(
      [candidate(1, { ...lowBack, videoLevel: 'beginner', prescribedPatients: 12 })],
      lumbarEarly,
    );
    expect(ranked?.reasons).toEqual([
      "Prescribed for 12 of your clinic's M54.50 patients",
      'Back (lumbar) — matches the diagnosis',
      'Beginner level suits the early phase (week 1)',
    ]);
  });

  it("says when the count is of the clinic's latest patients with the code", () => {
    const [ranked] = rankCandidates([candidate(1, { prescribedPatients: 312 })], {
      ...lumbarEarly,
      sampledPatients: PRESCRIPTION_SAMPLE,
    });
    expect(ranked?.reasons).toEqual([
      "Prescribed for 312 of your clinic's 500 latest M54.50 patients",
    ]);
  });

  it('suits beginner and intermediate in the middle phase, intermediate and expert late', () => {
    const levels = [
      candidate(1, { videoLevel: 'beginner' }),
      candidate(2, { videoLevel: 'intermediate' }),
      candidate(3, { videoLevel: 'expert' }),
      candidate(4, { videoLevel: null }),
    ];
    const ids = (context: RankingContext) =>
      rankCandidates(levels, context).map((entry) => entry.candidate.videoId);
    expect(ids({ ...lumbarEarly, phase: 'middle', weeks: 4 })).toEqual([1, 2]);
    expect(ids({ ...lumbarEarly, phase: 'late', weeks: 9 })).toEqual([2, 3]);
    const [late] = rankCandidates(levels, { ...lumbarEarly, phase: 'late', weeks: 9 });
    expect(late?.reasons).toEqual(['Intermediate level suits the late phase (week 10)']);
  });

  it('names a region without its site when they are the same word, and none without a region', () => {
    const shoulder = candidate(1, { videoLevel: null });
    const [named] = rankCandidates([shoulder], {
      ...lumbarEarly,
      region: { region: 'Shoulder', site: 'shoulder' },
    });
    expect(named?.reasons).toEqual(['Shoulder — matches the diagnosis']);
    expect(rankCandidates([shoulder], { ...lumbarEarly, region: null })).toEqual([]);
  });

  it('never calls an exercise a match for a site it does not work (issue 30, item 3)', () => {
    const back = (id: number, videoExternalId: string) =>
      candidate(id, { videoBodyParts: 'Back', videoExternalId, videoLevel: null });
    const filedUnderBack = [
      back(1, 'Dumbbell_Shrug'),
      back(2, 'Rhomboids-SMR'),
      back(3, 'Inverted_Row'),
      back(4, 'Superman'),
    ];
    const matched = (context: RankingContext, candidates: Candidate[]) =>
      rankCandidates(candidates, context).map((entry) => entry.candidate.videoId);
    expect(matched(lumbarEarly, filedUnderBack)).toEqual([4]);
    const thoracic = { ...lumbarEarly, region: { region: 'Back', site: 'thoracic' } } as const;
    expect(matched(thoracic, filedUnderBack)).toEqual([2, 3]);

    const knee = { ...lumbarEarly, region: { region: 'Knee and thigh', site: 'knee' } } as const;
    const filedUnderKnee = ['Inchworm', 'Kneeling_Hip_Flexor', 'Dumbbell_Step_Ups'].map(
      (videoExternalId, index) =>
        candidate(index + 1, {
          videoBodyParts: 'Knee and thigh',
          videoExternalId,
          videoLevel: null,
        }),
    );
    expect(matched(knee, filedUnderKnee)).toEqual([3]);
  });

  it("takes a clinic's own video as filed, and says so", () => {
    const [ours] = rankCandidates(
      [candidate(1, { videoBodyParts: 'Back', videoClinicId: 7, videoLevel: null })],
      lumbarEarly,
    );
    expect(ours?.reasons).toEqual(["Filed under Back, the diagnosis' region"]);
  });

  it(`keeps at most ${MAX_RECOMMENDATIONS}`, () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      candidate(index + 1, { videoLevel: 'beginner' }),
    );
    expect(rankCandidates(many, lumbarEarly)).toHaveLength(MAX_RECOMMENDATIONS);
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
