import { describe, expect, it } from 'vitest';
import { MovementModelSchema, type MovementModelInput } from './movement';

const miniSquat: MovementModelInput = {
  view: 'side',
  posture: 'standing',
  start: {},
  end: {
    trunk: { flexion: 30 },
    left: { hipFlexion: 30, kneeFlexion: 60, ankleDorsiflexion: 20 },
    right: { hipFlexion: 30, kneeFlexion: 60, ankleDorsiflexion: 20 },
  },
  moving: 'both',
  counted: { joint: 'kneeFlexion', side: 'right', from: 0, to: 60 },
};

function messages(input: unknown): string[] {
  const result = MovementModelSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('MovementModelSchema', () => {
  it('fills every angle not given with 0 and the holds and tempo with their defaults', () => {
    const model = MovementModelSchema.parse(miniSquat);
    expect(model.start.left.kneeFlexion).toBe(0);
    expect(model.end.neck.flexion).toBe(0);
    expect(model.end.right.kneeFlexion).toBe(60);
    expect(model.hold).toEqual({ start: 0, end: 0 });
    expect(model.tempo).toEqual({ toEnd: 1.5, toStart: 1.5 });
  });

  it('refuses a position a body cannot take, naming the joint and side', () => {
    expect(
      messages({ ...miniSquat, end: { ...miniSquat.end, left: { kneeFlexion: -20 } } }),
    ).toContain('left knee flexion -20° is outside 0° to 150°');
    expect(messages({ ...miniSquat, start: { trunk: { curve: 80 } } })).toContain(
      'spine curve 80° is outside -30° to 45°',
    );
    expect(messages({ ...miniSquat, start: { right: { elbowBend: 10 } } })).not.toEqual([]);
  });

  it('refuses a counted range that is not the start and end angles', () => {
    expect(
      messages({ ...miniSquat, counted: { joint: 'kneeFlexion', side: 'right', from: 0, to: 90 } }),
    ).toContain('Counted kneeFlexion to 90° is not its end angle 60°');
    expect(
      messages({ ...miniSquat, counted: { joint: 'kneeFlexion', from: 0, to: 60 } }),
    ).toContain('Counted kneeFlexion needs a side');
    expect(
      messages({
        ...miniSquat,
        counted: { joint: 'trunk.flexion', side: 'left', from: 0, to: 30 },
      }),
    ).toContain('Counted trunk.flexion takes no side');
  });

  it('takes a still hold without a counted joint, and refuses a movement without one', () => {
    expect(messages({ ...miniSquat, end: {}, counted: null })).toEqual([]);
    expect(messages({ ...miniSquat, counted: null })).toContain(
      'A movement whose start and end differ needs a counted joint',
    );
  });
});
