import {
  BODY,
  SEGMENTS,
  bodyPointJoints,
  jointRadius,
  POSTURE_CONTACTS,
  surfaceUnder,
  isOver,
  type FigurePose,
  type PosedMovement,
  type Segment,
} from './movement-pose';
import { type BodyPoint, type MovementModel } from './movement';

/**
 * The checks every catalogue figure passes in both frames (issue 32 item 3): nothing below the
 * floor or inside a support, the posture's contacts and `touching` resting on their surface, and
 * no two body segments that are not joined passing through each other. Pure; each problem is a
 * sentence an author can act on.
 */

/** How close (cm) a contact's lowest surface must be to what is under it. */
export const TOUCH_TOLERANCE = 4;

/**
 * Segments may touch (a hand on a thigh, knees together) but not pass through each other: two
 * capsules overlap when their axes come closer than this share of their radii's sum.
 */
export const OVERLAP_SHARE = 0.55;

/** Segments joined to each other (directly or through the girdles), never tested as a pair. */
const JOINED: ReadonlyArray<readonly [string, string]> = [
  ['trunk', 'shoulder girdle'],
  ['trunk', 'pelvis'],
  ['trunk', 'neck'],
  ['trunk', 'head'],
  ['trunk', 'left thigh'],
  ['trunk', 'right thigh'],
  ['shoulder girdle', 'neck'],
  ['shoulder girdle', 'head'],
  ['shoulder girdle', 'left upper arm'],
  ['shoulder girdle', 'right upper arm'],
  ['shoulder girdle', 'pelvis'],
  ['pelvis', 'left thigh'],
  ['pelvis', 'right thigh'],
  ['neck', 'head'],
  ['left shin', 'left foot'],
  ['right shin', 'right foot'],
];

function joined(a: Segment, b: Segment): boolean {
  if (a.from === b.from || a.from === b.to || a.to === b.from || a.to === b.to) {
    return true;
  }
  return JOINED.some(([p, q]) => (p === a.name && q === b.name) || (p === b.name && q === a.name));
}

type Vec3 = readonly [number, number, number];

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const clamp = (v: number): number => Math.min(1, Math.max(0, v));

/** The shortest distance between two 3D segments. */
export function segmentDistance(p1: Vec3, q1: Vec3, p2: Vec3, q2: Vec3): number {
  const d1 = sub(q1, p1);
  const d2 = sub(q2, p2);
  const r = sub(p1, p2);
  const a = dot(d1, d1);
  const e = dot(d2, d2);
  const f = dot(d2, r);
  let s: number;
  let t: number;
  if (a < 1e-9 && e < 1e-9) {
    s = 0;
    t = 0;
  } else if (a < 1e-9) {
    s = 0;
    t = clamp(f / e);
  } else {
    const c = dot(d1, r);
    if (e < 1e-9) {
      t = 0;
      s = clamp(-c / a);
    } else {
      const b = dot(d1, d2);
      const denom = a * e - b * b;
      s = denom > 1e-9 ? clamp((b * f - c * e) / denom) : 0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = clamp(-c / a);
      } else if (t > 1) {
        t = 1;
        s = clamp((b - c) / a);
      }
    }
  }
  const c1: Vec3 = [p1[0] + d1[0] * s, p1[1] + d1[1] * s, p1[2] + d1[2] * s];
  const c2: Vec3 = [p2[0] + d2[0] * t, p2[1] + d2[1] * t, p2[2] + d2[2] * t];
  const gap = sub(c1, c2);
  return Math.sqrt(dot(gap, gap));
}

/** Pairs of body segments passing through each other. */
export function overlaps(pose: FigurePose): string[] {
  const problems: string[] = [];
  const j = pose.joints3d;
  for (let i = 0; i < SEGMENTS.length; i += 1) {
    for (let k = i + 1; k < SEGMENTS.length; k += 1) {
      const a = SEGMENTS[i]!;
      const b = SEGMENTS[k]!;
      if (joined(a, b)) {
        continue;
      }
      const distance = segmentDistance(j[a.from], j[a.to], j[b.from], j[b.to]);
      if (distance < OVERLAP_SHARE * (a.radius + b.radius)) {
        problems.push(`${a.name} passes through ${b.name} (${distance.toFixed(1)} cm apart)`);
      }
    }
  }
  return problems;
}

/** How far (cm) a body point's lowest surface is above what is under it (the lowest joint). */
export function clearance(
  pose: FigurePose,
  point: BodyPoint,
  supports: PosedMovement['supports'],
): number {
  return Math.min(
    ...bodyPointJoints(point).map((name) => {
      const joint = pose.points[name];
      return joint.y - jointRadius(name) - surfaceUnder(joint, supports);
    }),
  );
}

/** Parts below the floor, or inside a support's box (a shin through a step, a foot in the seat). */
export function penetrations(pose: FigurePose, supports: PosedMovement['supports']): string[] {
  const problems: string[] = [];
  for (const segment of SEGMENTS) {
    const a = pose.points[segment.from];
    const b = pose.points[segment.to];
    for (let step = 0; step <= 8; step += 1) {
      const t = step / 8;
      const point = {
        x: a.x + (b.x - a.x) * t,
        y: a.y + (b.y - a.y) * t,
        depth: a.depth + (b.depth - a.depth) * t,
      };
      // The trunk narrows to the pelvis a seat or a bed carries (movement-pose jointRadius).
      const bottom = point.y - (segment.name === 'trunk' ? BODY.radius.pelvis : segment.radius);
      if (bottom < -1) {
        problems.push(`${segment.name} is ${(-bottom).toFixed(0)} cm below the floor`);
        break;
      }
      const inside = supports.find(
        (support) =>
          isOver(
            { ...point, x: point.x },
            { ...support, x0: support.x0 + 2, x1: support.x1 - 2 },
          ) && bottom < support.top - 2,
      );
      if (inside !== undefined) {
        problems.push(`${segment.name} goes into the ${inside.kind}`);
        break;
      }
    }
  }
  return problems;
}

const DESCRIBE_POINT = (point: BodyPoint): string => point.replace('-', ' ');

/**
 * What must rest on a surface: the posture's contacts (any one of each group) in the start
 * position, which the posture describes, and the model's `touching` (each) in every position
 * (sit-to-stand ends standing, so it lists `feet`).
 */
export function missingContacts(
  model: MovementModel,
  pose: FigurePose,
  supports: PosedMovement['supports'],
  frame: 'start' | 'end',
): string[] {
  const problems: string[] = [];
  const groups: BodyPoint[][] = [
    ...(frame === 'start' ? POSTURE_CONTACTS[model.posture] : []),
    ...model.touching.map((point) => [point]),
  ];
  for (const group of groups) {
    const gaps = group.map((point) => ({ point, gap: clearance(pose, point, supports) }));
    if (!gaps.some(({ gap }) => gap <= TOUCH_TOLERANCE)) {
      const nearest = gaps.reduce((p, q) => (q.gap < p.gap ? q : p));
      problems.push(
        `${DESCRIBE_POINT(nearest.point)} floats ${nearest.gap.toFixed(0)} cm above its surface`,
      );
    }
  }
  return problems;
}

/** Every problem of a posed frame. */
export function poseProblems(
  model: MovementModel,
  pose: FigurePose,
  supports: PosedMovement['supports'],
  frame: 'start' | 'end',
): string[] {
  return [
    ...penetrations(pose, supports),
    ...missingContacts(model, pose, supports, frame),
    ...overlaps(pose),
  ];
}
