import { describe, expect, it } from 'vitest';
import { FIGURE_TONES, accentedSegments, figureStartEndSvg, figureSvg } from './figure-svg';
import { MovementModelSchema, type MovementModelInput } from './movement';
import { overlaps, poseProblems } from './movement-checks';
import { BODY, poseMovement, SUPPORT } from './movement-pose';

const model = (input: MovementModelInput) => MovementModelSchema.parse(input);

const standing = model({
  view: 'side',
  posture: 'standing',
  start: {},
  end: { right: { hipFlexion: 90, kneeFlexion: 90 } },
  moving: 'right',
  counted: { joint: 'hipFlexion', side: 'right', from: 0, to: 90 },
});

describe('poseMovement', () => {
  it('stands a body of standard proportions on the floor, the head at about 170 cm', () => {
    const { start } = poseMovement(standing);
    const { points } = start;
    expect(points.leftHeel.y - BODY.radius.foot).toBeCloseTo(0, 5);
    expect(points.head.y + BODY.headRadius).toBeGreaterThan(165);
    expect(points.head.y + BODY.headRadius).toBeLessThan(178);
    // The side view faces right and shows the patient's right side nearer than the left.
    expect(points.rightToe.x).toBeGreaterThan(points.rightHeel.x);
    expect(points.rightKnee.depth).toBeGreaterThan(points.leftKnee.depth);
  });

  it('lifts the thigh forward with hip flexion and drops the shin back with knee flexion', () => {
    const { end } = poseMovement(standing);
    const { rightHip, rightKnee, rightAnkle } = end.points;
    expect(rightKnee.y).toBeCloseTo(rightHip.y, 5);
    expect(rightKnee.x - rightHip.x).toBeCloseTo(BODY.thigh, 5);
    expect(rightAnkle.x).toBeCloseTo(rightKnee.x, 5);
    expect(rightKnee.y - rightAnkle.y).toBeCloseTo(BODY.shin, 5);
    // The stance foot stays where it was (the anchor) and on the floor.
    expect(end.points.leftAnkle.x).toBeCloseTo(poseMovement(standing).start.points.leftAnkle.x, 5);
  });

  it('faces the figure left when the left side moves, so the moving side is the near one', () => {
    const left = poseMovement({ ...standing, moving: 'left' });
    expect(left.start.points.rightToe.x).toBeLessThan(left.start.points.rightHeel.x);
    expect(left.start.points.leftKnee.depth).toBeGreaterThan(left.start.points.rightKnee.depth);
  });

  it('lies a supine body on its back with the head to the left, and a bed raises it', () => {
    const supine = model({ ...standing, posture: 'supine', end: {}, counted: null });
    const { points } = poseMovement(supine).start;
    expect(points.head.x).toBeLessThan(points.pelvis.x);
    expect(points.chest.y - BODY.radius.trunk).toBeCloseTo(0, 5);
    const onBed = poseMovement({ ...supine, props: [{ kind: 'table' }] }).start.points;
    expect(onBed.chest.y - BODY.radius.trunk).toBeCloseTo(SUPPORT.table, 5);
  });

  it('sits a body on the chair seat with its feet on the floor', () => {
    const sitting = model({
      view: 'side',
      posture: 'sitting',
      props: [{ kind: 'chair' }],
      // Hands rest on the thighs: hanging by the sides they would go through the seat.
      start: {
        left: { shoulderFlexion: 15, elbowFlexion: 55, hipFlexion: 90, kneeFlexion: 90 },
        right: { shoulderFlexion: 15, elbowFlexion: 55, hipFlexion: 90, kneeFlexion: 90 },
      },
      end: {
        left: { shoulderFlexion: 15, elbowFlexion: 55, hipFlexion: 90, kneeFlexion: 90 },
        right: { shoulderFlexion: 15, elbowFlexion: 55, hipFlexion: 90, kneeFlexion: 20 },
      },
      moving: 'right',
      counted: { joint: 'kneeFlexion', side: 'right', from: 90, to: 20 },
    });
    const posed = poseMovement(sitting);
    expect(posed.start.points.pelvis.y - BODY.radius.pelvis).toBeCloseTo(SUPPORT.chairSeat, 5);
    expect(poseProblems(sitting, posed.start, posed.supports, 'start')).toEqual([]);
    expect(poseProblems(sitting, posed.end, posed.supports, 'end')).toEqual([]);
    // The lifted foot leaves the floor; the seat still carries the pelvis.
    expect(posed.end.points.rightHeel.y).toBeGreaterThan(20);
  });

  it('reports a contact that floats and limbs that pass through each other', () => {
    const bridgeWithoutFeet = model({
      view: 'side',
      posture: 'supine',
      start: {},
      end: { trunk: { flexion: -20 }, right: { hipFlexion: -20 }, left: { hipFlexion: -20 } },
      moving: 'both',
      counted: { joint: 'trunk.flexion', from: 0, to: -20 },
      touching: ['feet'],
    });
    const posed = poseMovement(bridgeWithoutFeet);
    expect(poseProblems(bridgeWithoutFeet, posed.end, posed.supports, 'end').join()).toMatch(
      /feet floats \d+ cm/,
    );
    const crossed = model({
      view: 'front',
      posture: 'standing',
      start: {},
      end: { left: { hipAbduction: -30 }, right: { hipAbduction: -30 } },
      moving: 'both',
      counted: { joint: 'hipAbduction', side: 'right', from: 0, to: -30 },
    });
    expect(overlaps(poseMovement(crossed).end).join()).toMatch(/thigh passes through/);
  });

  it('turns the toes inward with ankle inversion and outward with eversion', () => {
    const sit = (ankleInversion: number) =>
      poseMovement(
        model({
          view: 'front',
          posture: 'long-sitting',
          start: { left: { hipFlexion: 90 }, right: { hipFlexion: 90, ankleInversion } },
          end: { left: { hipFlexion: 90 }, right: { hipFlexion: 90, ankleInversion } },
          moving: 'right',
          counted: null,
        }),
      ).start.points;
    // From the front the patient's right is on the viewer's left: inward is toward larger x.
    const toeShift = (points: ReturnType<typeof sit>) => points.rightToe.x - points.rightAnkle.x;
    expect(toeShift(sit(25))).toBeGreaterThan(toeShift(sit(0)) + 5);
    expect(toeShift(sit(-15))).toBeLessThan(toeShift(sit(0)) - 3);
  });
});

describe('figureSvg', () => {
  it('draws a labelled SVG with the moving side in the accent colour', () => {
    const svg = figureSvg(standing, { label: 'Knee lift', t: 1 });
    expect(svg).toMatch(/^<svg [^>]*role="img" aria-label="Knee lift"/);
    expect(svg).toContain('#0d9488');
    expect(svg).toContain(FIGURE_TONES.muted);
    expect(figureStartEndSvg(standing, { label: 'Knee lift' }).match(/<g /g)).toHaveLength(2);
  });

  it('accents only the segments that move: the legs of a wall squat, not its arms', () => {
    const squat = model({
      view: 'side',
      posture: 'standing',
      start: {},
      end: {
        left: { hipFlexion: 60, kneeFlexion: 60 },
        right: { hipFlexion: 60, kneeFlexion: 60 },
      },
      moving: 'both',
      counted: { joint: 'kneeFlexion', side: 'right', from: 0, to: 60 },
    });
    const accented = accentedSegments(squat);
    expect(accented.has('right thigh')).toBe(true);
    expect(accented.has('left foot')).toBe(true);
    expect(accented.has('right upper arm')).toBe(false);
    expect(accented.has('trunk')).toBe(false);
  });
  it('accents the placed arm of a one-sided still hold (an isometric push), not the legs', () => {
    const push = model({
      view: 'front',
      posture: 'standing',
      props: [{ kind: 'wall', where: 'right' }],
      start: { right: { elbowFlexion: 90, shoulderRotation: 30 } },
      end: { right: { elbowFlexion: 90, shoulderRotation: 30 } },
      moving: 'right',
      counted: null,
    });
    const accented = accentedSegments(push);
    expect(accented.has('right forearm')).toBe(true);
    expect(accented.has('right thigh')).toBe(false);
  });

  it('draws a stick across both hands, past each', () => {
    const wand = model({
      view: 'front',
      posture: 'standing',
      props: [{ kind: 'stick' }],
      start: { left: { elbowFlexion: 90 }, right: { elbowFlexion: 90 } },
      end: {
        left: { elbowFlexion: 90, shoulderRotation: -40 },
        right: { elbowFlexion: 90, shoulderRotation: 45 },
      },
      moving: 'right',
      counted: { joint: 'shoulderRotation', side: 'right', from: 0, to: 45 },
    });
    const svg = figureSvg(wand, { label: 'Stick turn-out', t: 0 });
    const sticks = [
      ...svg.matchAll(
        /<line x1="(-?[\d.]+)"[^>]*x2="(-?[\d.]+)"[^>]*stroke="#64748b" stroke-width="3"/g,
      ),
    ];
    expect(sticks).toHaveLength(1);
    const [, x1, x2] = sticks[0]!;
    // The hands are 38 cm apart; the stick reaches a hand's width past each.
    expect(Math.abs(Number(x2) - Number(x1))).toBeGreaterThan(60);
  });
});
