import { type MovementModel, type Prop, type Side } from './movement';
import {
  BODY,
  SEGMENTS,
  poseMovement,
  type FigurePoint,
  type FigurePose,
  type JointName,
  type PosedMovement,
  type Segment,
  type Support,
} from './movement-pose';

/**
 * The exercise figure (issue 32 item 3), drawn from the movement model: one calm line-art style,
 * rounded limbs, the moving side in the brand's accent, the other side muted, props drawn simply.
 * Pure: shapes in picture coordinates (cm, y down as SVG has it) that the web component turns
 * into React elements and the printed program and the gallery script into an SVG string.
 */

/**
 * The colours a shape is drawn in: the brand's accent for what moves, two slate greys for what
 * does not (the trunk and head, and the still limbs; the far side lighter, for depth), all with
 * enough contrast on white to read at thumbnail size. The web app maps the accent, prop and
 * floor to its design tokens (apps/web/src/styles/tokens.css).
 */
export const FIGURE_TONES = {
  /** --color-brand-600: the segments that move (3.7:1 on white). */
  accent: '#0d9488',
  /** The start position under the end one, where the movement is small (brand teal, light). */
  ghost: '#a7d9d2',
  /** The trunk and head, and the still limbs on the near side (3.1:1). */
  body: '#8493a8',
  /** The still limbs on the far side, or both sides seen from the front (2.2:1). */
  muted: '#a3b1c2',
  /** --color-ink-subtle: a prop's outline. */
  prop: '#64748b',
  /** A prop's fill, lighter than the canvas. */
  propFill: '#f1f5f9',
  /** The floor line (slate-400). */
  floor: '#94a3b8',
  /** --color-surface: the gap drawn round each limb so crossing limbs stay apart. */
  halo: '#ffffff',
} as const;
export type FigureTone = keyof typeof FIGURE_TONES;

/** One shape of the figure. Lines and paths have round caps and joins. */
export type FigureShape =
  | {
      kind: 'line';
      x1: number;
      y1: number;
      x2: number;
      y2: number;
      width: number;
      tone: FigureTone;
    }
  | { kind: 'path'; d: string; width: number; tone: FigureTone; fill: FigureTone | null }
  | {
      kind: 'circle';
      cx: number;
      cy: number;
      r: number;
      tone: FigureTone;
      fill: FigureTone | null;
      width: number;
    }
  | {
      kind: 'rect';
      x: number;
      y: number;
      w: number;
      h: number;
      rx: number;
      tone: FigureTone;
      fill: FigureTone | null;
      width: number;
    };

/** What a frame draws besides the body and props. */
export interface FrameOptions {
  /**
   * Motion cues for a still end frame shown next to the start (the printed program, the gallery,
   * reduced motion): an arrow along the path of the part that moves most, and, where the
   * movement is small, the start position of the moving segments drawn faintly underneath.
   */
  cues?: boolean;
}

/** A figure ready to draw at any moment of its movement, in one fixed frame. */
export interface FigureDrawing {
  /** SVG viewBox: min x, min y, width, height (cm). */
  viewBox: [number, number, number, number];
  /** The shapes at `t` (0 start, 1 end). */
  shapes(t: number, options?: FrameOptions): FigureShape[];
}

const HALO = 3;
const RAD = Math.PI / 180;
const round = (value: number): number => Math.round(value * 10) / 10;

/**
 * How high above the floor the drawing's camera looks at a side-lying patient seen from the
 * front (degrees). Seen straight from the front, a bent hip or a clam's knee points at the
 * camera and vanishes; from a little above, the body still lies along its length across the
 * picture while a knee that comes forward shows lower and a knee that opens shows higher, as
 * the classic clamshell drawing has it. Drawing only: the model's `view` (the camera coach's)
 * and the pose checks are unchanged.
 */
export const SIDE_LYING_ELEVATION = 28;

/** A 2D point of the picture: x right, y up (cm). */
interface Pt {
  x: number;
  y: number;
}

/** Picture coordinates: SVG's y grows downward. */
function sy(point: Pt): number {
  return -point.y;
}

/** How the drawing looks at the posed body: the model's view, raised for side-lying. */
interface Camera {
  view: 'side' | 'front';
  mirrored: boolean;
  /** Elevation (degrees) of a camera raised above the front view; 0 when not raised. */
  elevation: number;
  /** How far toward the camera (cm) the floor it sees reaches: the mat's near edge. */
  near: number;
}

function cameraOf(model: MovementModel, pose: FigurePose): Camera {
  const lying = model.posture === 'side-lying-left' || model.posture === 'side-lying-right';
  // Long sitting seen from the front has the legs pointing at the camera: raised, they show
  // their length and the feet at their ends (an ankle turning in or out, a butterfly's knees).
  const raised = lying || model.posture === 'long-sitting';
  // The floor reaches past whatever is nearest (the feet of long sitting).
  const nearest = Math.max(...Object.values(pose.points).map((point) => point.depth));
  return {
    view: pose.view,
    mirrored: pose.mirrored,
    elevation: raised && pose.view === 'front' ? SIDE_LYING_ELEVATION : 0,
    near: Math.max(MAT_NEAR, nearest + 12),
  };
}

/** A placed point (picture x, height, depth toward the viewer) as the raised camera sees it. */
function raise(point: FigurePoint, camera: Camera): FigurePoint {
  if (camera.elevation === 0) {
    return point;
  }
  const c = Math.cos(camera.elevation * RAD);
  const s = Math.sin(camera.elevation * RAD);
  return { x: point.x, y: point.y * c - point.depth * s, depth: point.depth * c + point.y * s };
}

/** A direction of the body's 3D frame (movement-pose) as the camera sees it. */
function projectVector(v: readonly [number, number, number], camera: Camera): FigurePoint {
  const flat =
    camera.view === 'front'
      ? { x: v[2], y: v[1], depth: v[0] }
      : camera.mirrored
        ? { x: -v[0], y: v[1], depth: v[2] }
        : { x: v[0], y: v[1], depth: -v[2] };
  return raise(flat, camera);
}

/** A pose as the drawing's camera sees it. */
function seen(pose: FigurePose, camera: Camera): FigurePose {
  if (camera.elevation === 0) {
    return pose;
  }
  const points = Object.fromEntries(
    Object.entries(pose.points).map(([name, point]) => [name, raise(point, camera)]),
  ) as Record<JointName, FigurePoint>;
  return { ...pose, points };
}

/** A height above the floor (a support's top) as the raised camera shows it, at depth 0. */
function seenHeight(y: number, camera: Camera): number {
  return camera.elevation === 0 ? y : y * Math.cos(camera.elevation * RAD);
}

const SEGMENT_SIDES = ['left', 'right'] as const;
const ARM = ['upper arm', 'forearm'] as const;
const LEG = ['thigh', 'shin', 'foot'] as const;
const ARM_ANGLES = ['shoulderFlexion', 'shoulderAbduction', 'shoulderRotation', 'elbowFlexion'];
const LEG_ANGLES = [
  'hipFlexion',
  'hipAbduction',
  'hipRotation',
  'kneeFlexion',
  'ankleDorsiflexion',
  'ankleInversion',
];
const changed = (a: Record<string, number>, b: Record<string, number>, keys: string[]): boolean =>
  keys.some((key) => Math.abs((a[key] ?? 0) - (b[key] ?? 0)) > 0.5);

/**
 * The segments drawn in the accent: those that move between start and end on the `moving` side
 * (a limb whose shoulder, elbow, hip or knee angle changes is accented whole; one whose ankle
 * alone changes, from the shin down), or the trunk, neck and head that move when `moving` is
 * `trunk`. A still hold accents the legs it balances on. Everything else is grey.
 */
export function accentedSegments(model: MovementModel): Set<string> {
  const { start, end } = model;
  const accented = new Set<string>();
  const sides: Side[] =
    model.moving === 'both'
      ? ['left', 'right']
      : model.moving === 'alternating'
        ? ['right']
        : model.moving === 'trunk'
          ? []
          : [model.moving];
  for (const side of sides) {
    const a = start[side];
    const b = end[side];
    if (
      changed(a, b, ['shoulderFlexion', 'shoulderAbduction', 'shoulderRotation', 'elbowFlexion'])
    ) {
      ARM.forEach((part) => accented.add(`${side} ${part}`));
    }
    if (changed(a, b, ['hipFlexion', 'hipAbduction', 'hipRotation', 'kneeFlexion'])) {
      LEG.forEach((part) => accented.add(`${side} ${part}`));
    } else if (changed(a, b, ['ankleDorsiflexion', 'ankleInversion'])) {
      accented.add(`${side} shin`);
      accented.add(`${side} foot`);
    }
  }
  if (model.moving === 'trunk') {
    if (changed(start.trunk, end.trunk, ['flexion', 'curve', 'sideBend', 'rotation'])) {
      accented.add('trunk');
    }
    if (changed(start.neck, end.neck, ['flexion', 'headFlexion', 'sideBend', 'rotation'])) {
      accented.add('neck');
      accented.add('head');
    }
    if (accented.size === 0) {
      accented.add('trunk');
    }
  }
  if (accented.size === 0) {
    // A still hold. One side's: the limbs placed unlike the other side's (the arm of an
    // isometric push, the leg of a heel prop), else its leg; both sides' (tandem stance): the legs
    // that hold it.
    for (const side of sides.length > 0 ? sides : SEGMENT_SIDES) {
      const other = start[side === 'left' ? 'right' : 'left'];
      const arm = sides.length === 1 && changed(start[side], other, ARM_ANGLES);
      const leg = sides.length !== 1 || !arm || changed(start[side], other, LEG_ANGLES);
      if (arm) {
        ARM.forEach((part) => accented.add(`${side} ${part}`));
      }
      if (leg) {
        LEG.forEach((part) => accented.add(`${side} ${part}`));
      }
    }
  }
  return accented;
}

/** The tone of each drawn segment. */
function segmentTones(model: MovementModel, camera: Camera): Map<string, FigureTone> {
  const accented = accentedSegments(model);
  // Seen from the side, the near side's still limbs are as dark as the trunk, the far side's
  // lighter; seen from the front (or raised), both sides are equally near.
  const near: Side | null = camera.view === 'side' ? (camera.mirrored ? 'left' : 'right') : null;
  return new Map(
    SEGMENTS.map((segment) => [
      segment.name,
      accented.has(segment.name)
        ? 'accent'
        : segment.side === 'axial' || segment.side === near
          ? 'body'
          : 'muted',
    ]),
  );
}

function line(a: Pt, b: Pt, width: number, tone: FigureTone): FigureShape {
  return {
    kind: 'line',
    x1: round(a.x),
    y1: round(sy(a)),
    x2: round(b.x),
    y2: round(sy(b)),
    width,
    tone,
  };
}

function disc(at: Pt, r: number, tone: FigureTone): FigureShape {
  return { kind: 'circle', cx: round(at.x), cy: round(sy(at)), r, tone, fill: tone, width: 0 };
}

const sub2 = (a: Pt, b: Pt): Pt => ({ x: a.x - b.x, y: a.y - b.y });
const len2 = (v: Pt): number => Math.hypot(v.x, v.y);

/** The head: a disc, a nose on its outline where the face is turned across the picture, eyes where it faces the viewer. */
function headShapes(pose: FigurePose, camera: Camera, tone: FigureTone): FigureShape[] {
  const { head, nose } = pose.points;
  const r = BODY.headRadius;
  const shapes: FigureShape[] = [disc(head, r + HALO / 2, 'halo'), disc(head, r, tone)];
  const j = pose.joints3d;
  const forward3 = [j.nose[0] - j.head[0], j.nose[1] - j.head[1], j.nose[2] - j.head[2]] as const;
  const up3 = [
    j.head[0] - j.neckTop[0],
    j.head[1] - j.neckTop[1],
    j.head[2] - j.neckTop[2],
  ] as const;
  const forward = projectVector(forward3, camera);
  const across = len2(forward) / Math.hypot(...forward3);
  if (across > 0.45) {
    // The face turned across the picture: a nose on the outline.
    shapes.push(disc(nose, 2.6, tone));
  }
  // The eyes, on the face either side of the nose line, shown when the face is toward the viewer.
  const f = Math.hypot(...forward3);
  const u = Math.hypot(...up3);
  const fw = forward3.map((v) => v / f) as [number, number, number];
  const up = up3.map((v) => v / u) as [number, number, number];
  const lateral: [number, number, number] = [
    fw[1] * up[2] - fw[2] * up[1],
    fw[2] * up[0] - fw[0] * up[2],
    fw[0] * up[1] - fw[1] * up[0],
  ];
  // The nose on the face, a short stroke below the eyes, when the face is toward the viewer: it
  // moves across the face as the head turns, so a head turn reads from the front.
  const noseAt = (down: number): FigurePoint =>
    projectVector(
      [0, 1, 2].map((i) => fw[i]! * r * 0.9 - up[i]! * down) as [number, number, number],
      camera,
    );
  const noseTop = noseAt(0.6);
  const noseTip = noseAt(3.4);
  if (noseTop.depth > r * 0.3 && noseTip.depth > r * 0.3) {
    shapes.push({
      kind: 'line',
      x1: round(head.x + noseTop.x),
      y1: round(-(head.y + noseTop.y)),
      x2: round(head.x + noseTip.x),
      y2: round(-(head.y + noseTip.y)),
      width: 1.8,
      tone: 'halo',
    });
  }
  for (const s of [1, -1]) {
    const v: [number, number, number] = [0, 1, 2].map(
      (i) => fw[i]! * r * 0.82 + lateral[i]! * s * 3.6 + up[i]! * 2.2,
    ) as [number, number, number];
    const eye = projectVector(v, camera);
    if (eye.depth > r * 0.45) {
      shapes.push({
        kind: 'circle',
        cx: round(head.x + eye.x),
        cy: round(-(head.y + eye.y)),
        r: 1.4,
        tone: 'halo',
        fill: 'halo',
        width: 0,
      });
    }
  }
  return shapes;
}

/**
 * A foot: heel to the ball of the foot, then the toes, a little slimmer; `curl` (degrees) bends
 * the toes toward the sole (a towel scrunch).
 */
function footShapes(
  pose: FigurePose,
  side: Side,
  tone: FigureTone,
  curl: number,
  halo: boolean,
): FigureShape[] {
  const heel = pose.points[`${side}Heel`];
  const toe = pose.points[`${side}Toe`];
  const ankle = pose.points[`${side}Ankle`];
  const along = sub2(toe, heel);
  const length = len2(along);
  const ball = { x: heel.x + along.x * 0.74, y: heel.y + along.y * 0.74 };
  let tip: Pt = toe;
  if (curl > 0 && length > 1) {
    const u = { x: along.x / length, y: along.y / length };
    // The sole is the side away from the ankle.
    let n = { x: -u.y, y: u.x };
    if (n.x * (ankle.x - heel.x) + n.y * (ankle.y - heel.y) > 0) {
      n = { x: u.y, y: -u.x };
    }
    const rest = length * 0.26;
    const c = Math.cos(curl * RAD);
    const s = Math.sin(curl * RAD);
    tip = { x: ball.x + (u.x * c + n.x * s) * rest, y: ball.y + (u.y * c + n.y * s) * rest };
  }
  const w = BODY.radius.foot * 2;
  return [
    ...(halo ? [line(heel, ball, w + HALO, 'halo'), line(ball, tip, w * 0.8 + HALO, 'halo')] : []),
    line(heel, ball, w, tone),
    line(ball, tip, w * 0.8, tone),
  ];
}

/** How far the toes curl at `t`: a towel under the moving foot is scrunched toward the end. */
function toeCurl(model: MovementModel, side: Side, t: number): number {
  const scrunch = model.props.some(
    (prop) => prop.kind === 'towel' && prop.use === `under-${side}-foot`,
  );
  return scrunch ? 45 * Math.min(1, Math.max(0, t)) : 0;
}

/** A segment with its halo, as the shapes drawn for it. */
function segmentShapes(
  model: MovementModel,
  pose: FigurePose,
  camera: Camera,
  segment: Segment,
  tone: FigureTone,
  t: number,
): FigureShape[] {
  const a = pose.points[segment.from];
  const b = pose.points[segment.to];
  const width = segment.radius * 2;
  if (segment.name === 'head') {
    return headShapes(pose, camera, tone);
  }
  if (segment.name === 'trunk') {
    if (pose.view === 'front') {
      const { leftShoulder, rightShoulder, leftHip, rightHip } = pose.points;
      const d = `M${round(leftShoulder.x)} ${round(sy(leftShoulder))}L${round(rightShoulder.x)} ${round(sy(rightShoulder))}L${round(rightHip.x)} ${round(sy(rightHip))}L${round(leftHip.x)} ${round(sy(leftHip))}Z`;
      return [
        { kind: 'path', d, width: BODY.radius.girdle * 2 + HALO, tone: 'halo', fill: 'halo' },
        { kind: 'path', d, width: BODY.radius.girdle * 2, tone, fill: tone },
      ];
    }
    const mid = {
      x: (a.x + b.x) / 2 + pose.spineBow.x * 2,
      y: (a.y + b.y) / 2 + pose.spineBow.y * 2,
    };
    const d = `M${round(a.x)} ${round(sy(a))}Q${round(mid.x)} ${round(-mid.y)} ${round(b.x)} ${round(sy(b))}`;
    return [
      { kind: 'path', d, width: width + HALO, tone: 'halo', fill: null },
      { kind: 'path', d, width, tone, fill: null },
    ];
  }
  if (segment.name.endsWith('foot')) {
    const side = segment.side as Side;
    return footShapes(pose, side, tone, toeCurl(model, side, t), true);
  }
  const shapes = [line(a, b, width + HALO, 'halo'), line(a, b, width, tone)];
  if (segment.to.endsWith('Hand')) {
    shapes.push(disc(b, BODY.radius.hand + HALO / 2, 'halo'), disc(b, BODY.radius.hand, tone));
  }
  return shapes;
}

/** The segments drawn (the girdles are the trunk's outline from the front, hidden from the side). */
const DRAWN = SEGMENTS.filter(
  (segment) => segment.name !== 'shoulder girdle' && segment.name !== 'pelvis',
);

/** The body, farthest segment first, so nearer limbs cross over farther ones. */
function bodyShapes(
  model: MovementModel,
  pose: FigurePose,
  camera: Camera,
  tones: Map<string, FigureTone>,
  t: number,
): FigureShape[] {
  const depthOf = (segment: Segment): number => {
    if (segment.side === 'axial') {
      return pose.points.pelvis.depth * 0.5 + pose.points.chest.depth * 0.5;
    }
    const a = pose.points[segment.from];
    const b = pose.points[segment.to];
    // A limb is drawn over the trunk when it is nearer the viewer than the trunk's middle.
    return (a.depth + b.depth) / 2;
  };
  const order = DRAWN.map((segment, index) => ({ segment, index, depth: depthOf(segment) })).sort(
    (p, q) => p.depth - q.depth || p.index - q.index,
  );
  return order.flatMap(({ segment }) =>
    segmentShapes(model, pose, camera, segment, tones.get(segment.name) ?? 'body', t),
  );
}

/**
 * The start position's moving segments as a light outline under the end position: each capsule
 * drawn in the ghost tone, then its inside cleared, so the joined segments read as one outline.
 */
function ghostShapes(pose: FigurePose, accented: Set<string>): FigureShape[] {
  const outer: FigureShape[] = [];
  const inner: FigureShape[] = [];
  const rim = 2.4;
  const capsule = (a: Pt, b: Pt, width: number): void => {
    outer.push(line(a, b, width, 'ghost'));
    inner.push(line(a, b, Math.max(0.5, width - rim * 2), 'halo'));
  };
  for (const segment of DRAWN) {
    if (!accented.has(segment.name)) {
      continue;
    }
    const a = pose.points[segment.from];
    const b = pose.points[segment.to];
    if (segment.name === 'head') {
      capsule(a, a, BODY.headRadius * 2);
    } else if (segment.name.endsWith('foot')) {
      const side = segment.side as Side;
      capsule(pose.points[`${side}Heel`], pose.points[`${side}Toe`], BODY.radius.foot * 2);
    } else {
      const width =
        segment.name === 'trunk' && pose.view === 'front'
          ? BODY.shoulderHalfWidth * 1.6
          : segment.radius * 2;
      capsule(a, b, width);
      if (segment.to.endsWith('Hand')) {
        capsule(b, b, BODY.radius.hand * 2);
      }
    }
  }
  return [...outer, ...inner];
}

/**
 * The joints whose path the motion arrow can follow: those the counted angle moves (the hand for
 * a shoulder, the foot for a knee, the head for the neck), else the far ends of the moving
 * segments.
 */
function trackedJoints(model: MovementModel, accented: Set<string>): JointName[] {
  const counted = model.counted;
  if (counted !== null) {
    const side: Side = counted.side ?? 'right';
    switch (counted.joint) {
      case 'shoulderFlexion':
      case 'shoulderAbduction':
      case 'shoulderRotation':
      case 'elbowFlexion':
        return [`${side}Hand`, `${side}Elbow`];
      case 'hipFlexion':
      case 'hipAbduction':
      case 'hipRotation':
        return [`${side}Knee`, `${side}Ankle`, 'pelvis'];
      case 'kneeFlexion':
        return [`${side}Ankle`, `${side}Knee`, 'pelvis'];
      case 'ankleDorsiflexion':
        return [`${side}Heel`, `${side}Toe`, `${side}Knee`];
      case 'ankleInversion':
        return [`${side}Toe`, `${side}Heel`];
      case 'neck.flexion':
      case 'neck.headFlexion':
      case 'neck.sideBend':
      case 'neck.rotation':
        return ['nose', 'head'];
      case 'trunk.flexion':
      case 'trunk.curve':
      case 'trunk.sideBend':
      case 'trunk.rotation':
        return ['chest', 'head', 'pelvis'];
    }
  }
  const joints: JointName[] = [];
  for (const side of SEGMENT_SIDES) {
    if (accented.has(`${side} forearm`)) {
      joints.push(`${side}Hand`, `${side}Elbow`);
    }
    if (accented.has(`${side} thigh`)) {
      joints.push(`${side}Knee`, `${side}Ankle`);
    }
  }
  return joints;
}

/**
 * How far (cm) the counted movement carries the body, and the joint the arrow follows: the first
 * tracked joint that travels nearly as far as any (the heel of a heel slide rather than its
 * knee), so the arrow shows what the patient is told to move.
 */
function travel(
  model: MovementModel,
  accented: Set<string>,
  start: FigurePose,
  end: FigurePose,
): { joint: JointName | null; distance: number } {
  const moves = trackedJoints(model, accented).map((joint) => ({
    joint,
    distance: len2(sub2(end.points[joint], start.points[joint])),
  }));
  const farthest = Math.max(0, ...moves.map((move) => move.distance));
  const chosen = moves.find((move) => move.distance >= farthest * 0.7 && move.distance > 0);
  return chosen ?? { joint: null, distance: 0 };
}

/**
 * An arrow along the path `joint` takes from start to end, set off to the outside of the body
 * so it does not cover the limb: a curved arrow beside the foot of an SLR, above the hands of a
 * prone Y.
 */
function motionArrow(
  joint: JointName,
  poseAt: (t: number) => FigurePose,
  centre: Pt,
): FigureShape[] {
  const samples = Array.from({ length: 13 }, (_, i) => poseAt(i / 12).points[joint]);
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  const chord = sub2(last, first);
  const length = len2(chord);
  if (length < 1) {
    return [];
  }
  let n = { x: -chord.y / length, y: chord.x / length };
  const middle = samples[6]!;
  if (n.x * (middle.x - centre.x) + n.y * (middle.y - centre.y) < 0) {
    n = { x: -n.x, y: -n.y };
  }
  const off = joint === 'head' || joint === 'nose' ? 15 : joint === 'chest' ? 18 : 14;
  // Trim the ends so the arrow sits beside the path, not on the limbs at either end.
  const trim = length > 30 ? 2 : 0;
  const path = samples
    .slice(trim, samples.length - trim)
    .map((p) => ({ x: p.x + n.x * off, y: p.y + n.y * off }));
  // A short movement still gets an arrow long enough to see: stretch it about its middle.
  const span = len2(sub2(path[path.length - 1]!, path[0]!));
  const minimum = 12;
  const mid = {
    x: (path[0]!.x + path[path.length - 1]!.x) / 2,
    y: (path[0]!.y + path[path.length - 1]!.y) / 2,
  };
  const scale = span < minimum ? minimum / Math.max(span, 1e-6) : 1;
  const points = path.map((p) => ({
    x: mid.x + (p.x - mid.x) * scale,
    y: mid.y + (p.y - mid.y) * scale,
  }));
  const tip = points[points.length - 1]!;
  const before = points[points.length - 3] ?? points[0]!;
  const dir = sub2(tip, before);
  const d = len2(dir) || 1;
  const u = { x: dir.x / d, y: dir.y / d };
  const head = 4.5;
  const wing = (s: number): Pt => ({
    x: tip.x - u.x * head + -u.y * head * 0.8 * s,
    y: tip.y - u.y * head + u.x * head * 0.8 * s,
  });
  const body = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(p.x)} ${round(-p.y)}`).join('');
  const w1 = wing(1);
  const w2 = wing(-1);
  return [
    { kind: 'path', d: body, width: 2, tone: 'accent', fill: null },
    {
      kind: 'path',
      d: `M${round(w1.x)} ${round(-w1.y)}L${round(tip.x)} ${round(-tip.y)}L${round(w2.x)} ${round(-w2.y)}`,
      width: 2,
      tone: 'accent',
      fill: null,
    },
  ];
}

function holderPoints(pose: FigurePose, holder: string): FigurePoint[] {
  const p = pose.points;
  switch (holder) {
    case 'left-hand':
      return [p.leftHand];
    case 'right-hand':
      return [p.rightHand];
    case 'both-hands':
      return [p.leftHand, p.rightHand];
    case 'left-ankle':
      return [p.leftAnkle];
    case 'right-ankle':
      return [p.rightAnkle];
    case 'left-knee':
      return [p.leftKnee];
    case 'right-knee':
      return [p.rightKnee];
    default:
      return [p.leftKnee, p.rightKnee];
  }
}

const mid = (a: FigurePoint, b: FigurePoint): FigurePoint => ({
  x: (a.x + b.x) / 2,
  y: (a.y + b.y) / 2,
  depth: (a.depth + b.depth) / 2,
});

/** The extremes of the start pose, for props placed against the body. */
function extent(pose: FigurePose, names?: JointName[]): { minX: number; maxX: number } {
  const entries = (names ?? (Object.keys(pose.points) as JointName[])).map(
    (name) => pose.points[name],
  );
  return {
    minX: Math.min(...entries.map((point) => point.x)),
    maxX: Math.max(...entries.map((point) => point.x)),
  };
}

const BACK_JOINTS: JointName[] = ['pelvis', 'chest', 'head', 'leftShoulder', 'rightShoulder'];

/** The floor a raised camera sees: a band of floor (or a mat on it) running along the body. */
function floorBand(
  x0: number,
  x1: number,
  near: number,
  far: number,
  camera: Camera,
  mat: boolean,
): FigureShape {
  const s = Math.sin(camera.elevation * RAD);
  return {
    kind: 'rect',
    x: round(x0),
    y: round(far * s),
    w: round(x1 - x0),
    h: round((near - far) * s),
    rx: mat ? 3 : 0,
    tone: mat ? 'prop' : 'floor',
    fill: 'propFill',
    width: mat ? 1.5 : 0,
  };
}

/**
 * A prop's shapes: `behind` the body (drawn first) and `front` (drawn after it: a band, a ball,
 * a weight in the hand). Fixed props are placed from the start pose; what a hand holds follows it.
 */
function propShapes(
  prop: Prop,
  model: MovementModel,
  camera: Camera,
  start: FigurePose,
  pose: FigurePose,
  supports: readonly Support[],
  t: number,
): { behind: FigureShape[]; front: FigureShape[] } {
  const behind: FigureShape[] = [];
  const front: FigureShape[] = [];
  const facing = start.mirrored ? -1 : 1;
  const box = (x0: number, x1: number, y0: number, y1: number, rx = 2): FigureShape => ({
    kind: 'rect',
    x: round(Math.min(x0, x1)),
    y: round(-Math.max(y0, y1)),
    w: round(Math.abs(x1 - x0)),
    h: round(Math.abs(y1 - y0)),
    rx,
    tone: 'prop',
    fill: 'propFill',
    width: 2,
  });
  const stroke = (x1: number, y1: number, x2: number, y2: number, width = 2.5): FigureShape => ({
    kind: 'line',
    x1: round(x1),
    y1: round(-y1),
    x2: round(x2),
    y2: round(-y2),
    width,
    tone: 'prop',
  });
  switch (prop.kind) {
    case 'chair': {
      const seat = supports.find((support) => support.kind === 'chair');
      if (seat === undefined) {
        break;
      }
      const top = seenHeight(seat.top, camera);
      if (model.view === 'front') {
        // The backrest behind the patient, the seat's front edge and its two front legs.
        behind.push(box(seat.x0 + 2, seat.x1 - 2, top + 4, top + 46, 3));
        behind.push(
          stroke(seat.x0 + 3, 0, seat.x0 + 3, top, 3),
          stroke(seat.x1 - 3, 0, seat.x1 - 3, top, 3),
        );
        behind.push(box(seat.x0, seat.x1, top - 4, top, 1.5));
      } else {
        // From the side: the back leg rising into the backrest, the seat, the front leg.
        const back = facing > 0 ? seat.x0 + 2 : seat.x1 - 2;
        const forward = facing > 0 ? seat.x1 - 2 : seat.x0 + 2;
        behind.push(stroke(back, 0, back, top + 46, 3), stroke(forward, 0, forward, top, 3));
        behind.push(stroke(back, top + 30, back, top + 46, 6));
        behind.push(box(seat.x0, seat.x1, top - 4, top, 1.5));
      }
      break;
    }
    case 'step':
    case 'table': {
      for (const support of supports.filter((s) => s.kind === prop.kind)) {
        const top = seenHeight(support.top, camera);
        if (prop.kind === 'step') {
          behind.push(box(support.x0, support.x1, 0, top, 2));
        } else {
          behind.push(stroke(support.x0 + 8, 0, support.x0 + 8, top, 3.5));
          behind.push(stroke(support.x1 - 8, 0, support.x1 - 8, top, 3.5));
          behind.push(box(support.x0, support.x1, top - 7, top, 2.5));
        }
      }
      break;
    }
    case 'mat': {
      const { minX, maxX } = extent(start);
      behind.push(
        camera.elevation > 0
          ? floorBand(minX - 10, maxX + 10, camera.near, MAT_FAR, camera, true)
          : box(minX - 10, maxX + 10, 0, 2, 1),
      );
      break;
    }
    case 'counter': {
      const hand = start.points[`${prop.hand}Hand`];
      const top = hand.y - BODY.radius.hand;
      const x0 = model.view === 'front' ? hand.x - 14 : hand.x - 10 * facing;
      const x1 = model.view === 'front' ? hand.x + 14 : hand.x + 26 * facing;
      // A cupboard under a worktop that overhangs it a little.
      behind.push(box(x0 + 2 * facing, x1 - 2 * facing, 0, top - 4, 1.5));
      behind.push(box(x0 - 2 * facing, x1 + 2 * facing, top - 4, top, 1.5));
      break;
    }
    case 'wall':
    case 'doorway': {
      let x: number;
      if (prop.kind === 'wall' && prop.where === 'behind' && model.view === 'front') {
        // Seen from the front, the wall behind the patient is a pale panel behind the body.
        const { minX, maxX } = extent(start);
        behind.push({
          kind: 'rect',
          x: round(minX - 16),
          y: round(-195),
          w: round(maxX - minX + 32),
          h: 195,
          rx: 1,
          tone: 'prop',
          fill: 'propFill',
          width: 1.5,
        });
        break;
      }
      if (prop.kind === 'wall' && prop.where === 'behind') {
        const { minX, maxX } = extent(start, BACK_JOINTS);
        x = facing > 0 ? minX - BODY.radius.trunk : maxX + BODY.radius.trunk;
      } else if (prop.kind === 'doorway' || prop.where === 'in-front') {
        const { minX, maxX } = extent(start, ['leftHand', 'rightHand', 'leftElbow', 'rightElbow']);
        x =
          facing > 0 || model.view === 'front' ? maxX + BODY.radius.hand : minX - BODY.radius.hand;
      } else {
        // In the front view the patient's left is on the viewer's right.
        const { minX, maxX } = extent(start);
        x = prop.where === 'left' ? maxX + 6 : minX - 6;
      }
      const thick = prop.kind === 'doorway' ? 8 : 6;
      const height = prop.kind === 'doorway' ? 205 : 195;
      const away = x >= start.points.chest.x ? 1 : -1;
      behind.push(box(x, x + away * thick, 0, height, 1));
      if (prop.kind === 'doorway' && model.view === 'front') {
        // Seen from the front, a door frame has a post on each side and a lintel across.
        const { minX } = extent(start, ['leftHand', 'rightHand', 'leftElbow', 'rightElbow']);
        const other = minX - BODY.radius.hand;
        behind.push(box(other, other - thick, 0, height, 1));
        behind.push(box(other - thick, x + thick, height, height + thick, 1));
      }
      break;
    }
    case 'ball': {
      const p = pose.points;
      const at =
        prop.at === 'knees'
          ? mid(p.leftKnee, p.rightKnee)
          : prop.at === 'hands'
            ? mid(p.leftHand, p.rightHand)
            : {
                ...mid(p.pelvis, p.chest),
                x: mid(p.pelvis, p.chest).x - facing * (BODY.radius.trunk + 10),
              };
      const r = prop.at === 'back' ? 10 : 11;
      const shape: FigureShape = {
        kind: 'circle',
        cx: round(at.x),
        cy: round(-at.y),
        r,
        tone: 'prop',
        fill: 'propFill',
        width: 2,
      };
      (prop.at === 'knees' ? front : behind).push(shape);
      break;
    }
    case 'towel-roll': {
      const p = start.points;
      const at =
        prop.under === 'neck'
          ? p.neckTop
          : prop.under === 'low-back'
            ? mid(p.pelvis, mid(p.pelvis, p.chest))
            : p[
                (
                  {
                    'left-knee': 'leftKnee',
                    'right-knee': 'rightKnee',
                    'left-ankle': 'leftAnkle',
                    'right-ankle': 'rightAnkle',
                  } as const
                )[prop.under]
              ];
      // The roll fills the gap under the joint at the start (a bigger roll under a bent knee).
      const floor = seenHeight(supports.find((s) => s.kind === 'table')?.top ?? 0, camera);
      const r = Math.min(14, Math.max(4, (at.y - floor - 4) / 2));
      const centre = { x: at.x, y: floor + r };
      behind.push(
        {
          kind: 'circle',
          cx: round(centre.x),
          cy: round(-centre.y),
          r: round(r),
          tone: 'prop',
          fill: 'propFill',
          width: 2,
        },
        {
          kind: 'circle',
          cx: round(centre.x),
          cy: round(-centre.y),
          r: round(r * 0.45),
          tone: 'prop',
          fill: null,
          width: 1.5,
        },
      );
      break;
    }
    case 'towel': {
      const side: Side = prop.use.includes('left') ? 'left' : 'right';
      const p = pose.points;
      if (prop.use.startsWith('strap')) {
        const hands = mid(p.leftHand, p.rightHand);
        const toe = p[`${side}Toe`];
        const heel = p[`${side}Heel`];
        const sole = mid(toe, heel);
        front.push({
          kind: 'path',
          d: `M${round(hands.x)} ${round(-hands.y)}L${round(toe.x)} ${round(-toe.y)}L${round(sole.x)} ${round(-sole.y)}`,
          width: 3,
          tone: 'prop',
          fill: null,
        });
      } else {
        // A towel flat under the foot and out in front of the toes; the toes pull it in, so by
        // the end it is shorter and bunched in folds in front of them.
        const heel = start.points[`${side}Heel`];
        const toe = start.points[`${side}Toe`];
        const ahead = toe.x >= heel.x ? 1 : -1;
        const back = heel.x - ahead * 8;
        const k = Math.min(1, Math.max(0, t));
        const folds = toe.x + ahead * 3;
        const far = toe.x + ahead * (34 - 18 * k);
        const hump = 2 + 7 * k;
        const q = (f: number): number => round(folds + (far - folds) * f);
        const h = 1.5;
        const d =
          `M${round(back)} ${-h}L${round(folds)} ${-h}` +
          `Q${q(1 / 6)} ${round(-h - hump * 2)} ${q(1 / 3)} ${-h}` +
          `Q${q(1 / 2)} ${round(-h - hump * 1.6)} ${q(2 / 3)} ${-h}` +
          `Q${q(5 / 6)} ${round(-h - hump * 0.6)} ${round(far)} ${-h}`;
        behind.push({ kind: 'path', d, width: 3.5, tone: 'prop', fill: null });
      }
      break;
    }
    case 'band': {
      const now = holderPoints(pose, prop.holder);
      const then = holderPoints(start, prop.holder);
      const p = pose.points;
      if (prop.anchor === 'loop' || prop.anchor === 'other-hand') {
        const [a, b] =
          prop.anchor === 'loop' ? [p.leftKnee, p.rightKnee] : [p.leftHand, p.rightHand];
        front.push(stroke(a.x, a.y, b.x, b.y, 2.5));
        break;
      }
      now.forEach((point, index) => {
        const origin = then[index] ?? point;
        let anchor: { x: number; y: number };
        if (prop.anchor === 'under-left-foot' || prop.anchor === 'under-right-foot') {
          const side: Side = prop.anchor === 'under-left-foot' ? 'left' : 'right';
          anchor = mid(p[`${side}Heel`], p[`${side}Toe`]);
        } else {
          const out =
            prop.anchor === 'door-front'
              ? facing
              : prop.anchor === 'door-behind'
                ? -facing
                : prop.anchor === 'door-left'
                  ? 1
                  : -1;
          anchor = { x: origin.x + out * 55, y: origin.y };
          // What the band is tied to: a door's edge from the floor up, the knot at hand height;
          // for a band at a knee or an ankle, a post (a table or bed leg) a little above the knot.
          const low = !prop.holder.endsWith('hand') && !prop.holder.endsWith('hands');
          const height = low ? Math.max(30, anchor.y + 14) : 200;
          behind.push(box(anchor.x + out * 1, anchor.x + out * 6, 0, height, 1));
          behind.push({
            kind: 'circle',
            cx: round(anchor.x),
            cy: round(-anchor.y),
            r: 3,
            tone: 'prop',
            fill: 'prop',
            width: 0,
          });
        }
        front.push(stroke(point.x, point.y, anchor.x, anchor.y, 2.5));
      });
      break;
    }
    case 'stick': {
      // A stick across both hands, a hand's width past each. Seen from the side it points at the
      // camera, so it is drawn a little oblique (its near end lower and behind), as a drawing would.
      const { leftHand, rightHand } = pose.points;
      const j = pose.joints3d;
      const along = projectVector(
        [0, 1, 2].map((i) => j.rightHand[i]! - j.leftHand[i]!) as [number, number, number],
        camera,
      );
      const flat =
        camera.view === 'side'
          ? { x: along.x - along.depth * 0.34, y: along.y - along.depth * 0.22 }
          : { x: along.x, y: along.y };
      const span = Math.hypot(...[0, 1, 2].map((i) => j.rightHand[i]! - j.leftHand[i]!));
      const scale = span > 1 ? (span / 2 + 16) / span : 0;
      const centre = mid(leftHand, rightHand);
      const dx = flat.x * scale;
      const dy = flat.y * scale;
      front.push(stroke(centre.x - dx, centre.y - dy, centre.x + dx, centre.y + dy, 3));
      break;
    }
    case 'weight': {
      for (const point of holderPoints(pose, prop.holder)) {
        if (prop.holder.endsWith('ankle')) {
          front.push({
            kind: 'rect',
            x: round(point.x - 7),
            y: round(-point.y - 7),
            w: 14,
            h: 10,
            rx: 4,
            tone: 'prop',
            fill: 'propFill',
            width: 2,
          });
        } else {
          // A dumbbell: a short bar through the hand with a weight at each end.
          front.push(stroke(point.x - 8, point.y, point.x + 8, point.y, 2.5));
          for (const end of [-1, 1]) {
            front.push({
              kind: 'rect',
              x: round(point.x + end * 8 - 2.5),
              y: round(-point.y - 5),
              w: 5,
              h: 10,
              rx: 1.5,
              tone: 'prop',
              fill: 'prop',
              width: 0,
            });
          }
        }
      }
      break;
    }
  }
  return { behind, front };
}

/** What the drawing needs of a movement, worked out once. */
interface Scene {
  model: MovementModel;
  posed: PosedMovement;
  camera: Camera;
  tones: Map<string, FigureTone>;
  accented: Set<string>;
  start: FigurePose;
  end: FigurePose;
  at(t: number): FigurePose;
  /** The moving parts' longest travel (cm) and the joint that makes it. */
  travel: { joint: JointName | null; distance: number };
}

function sceneOf(model: MovementModel): Scene {
  const posed = poseMovement(model);
  const camera = cameraOf(model, posed.start);
  const accented = accentedSegments(model);
  const at = (t: number): FigurePose => seen(posed.at(t), camera);
  const start = at(0);
  const end = at(1);
  return {
    model,
    posed,
    camera,
    tones: segmentTones(model, camera),
    accented,
    start,
    end,
    at,
    travel: travel(model, accented, start, end),
  };
}

/** How far (cm) in front of and behind the pelvis a mat reaches, seen by a raised camera. */
const MAT_NEAR = 40;
const MAT_FAR = -25;

/** Below this travel (cm) the end frame also shows the start position faintly. */
const GHOST_BELOW = 18;

/** Every shape of the figure at one moment: floor, props behind, body, props in front. */
function frameShapes(
  scene: Scene,
  t: number,
  minX: number,
  maxX: number,
  options: FrameOptions = {},
): FigureShape[] {
  const { model, camera } = scene;
  const pose = scene.at(t);
  const props = model.props.map((prop) =>
    propShapes(prop, model, camera, scene.start, pose, scene.posed.supports, t),
  );
  const cues = options.cues === true && t >= 1;
  const ghost =
    cues && scene.travel.distance > 1 && scene.travel.distance < GHOST_BELOW
      ? ghostShapes(scene.start, scene.accented)
      : [];
  const centre = mid(pose.points.pelvis, pose.points.chest);
  const arrow =
    cues && scene.travel.joint !== null ? motionArrow(scene.travel.joint, scene.at, centre) : [];
  // A raised camera sees the floor as a plane: its line is drawn along the mat's near edge.
  const floorY = camera.elevation > 0 ? camera.near * Math.sin(camera.elevation * RAD) : 0;
  const floor: FigureShape[] = [
    {
      kind: 'line',
      x1: round(minX),
      y1: round(floorY),
      x2: round(maxX),
      y2: round(floorY),
      width: 2,
      tone: 'floor',
    },
  ];
  return [
    ...floor,
    ...props.flatMap((shapes) => shapes.behind),
    ...ghost,
    ...bodyShapes(model, pose, camera, scene.tones, t),
    ...props.flatMap((shapes) => shapes.front),
    ...arrow,
  ];
}

/** The box (cm, y up) a shape list covers. */
function bounds(shapes: FigureShape[]): { minX: number; maxX: number; minY: number; maxY: number } {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  const cover = (x: number, y: number, pad: number): void => {
    minX = Math.min(minX, x - pad);
    maxX = Math.max(maxX, x + pad);
    minY = Math.min(minY, y - pad);
    maxY = Math.max(maxY, y + pad);
  };
  for (const shape of shapes) {
    switch (shape.kind) {
      case 'line':
        cover(shape.x1, shape.y1, shape.width / 2);
        cover(shape.x2, shape.y2, shape.width / 2);
        break;
      case 'circle':
        cover(shape.cx, shape.cy, shape.r + shape.width / 2);
        break;
      case 'rect':
        cover(shape.x, shape.y, shape.width / 2);
        cover(shape.x + shape.w, shape.y + shape.h, shape.width / 2);
        break;
      case 'path':
        for (const [, x, y] of shape.d.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)) {
          cover(Number(x), Number(y), shape.width / 2);
        }
        break;
    }
  }
  return { minX, maxX, minY, maxY };
}

/**
 * The drawing of a movement: its frame covers the start, the end, the way between and the
 * end frame's motion cues, so the figure does not jump or get cut off while it moves.
 */
export function figureDrawing(model: MovementModel): FigureDrawing {
  const scene = sceneOf(model);
  const samples = [0, 0.25, 0.5, 0.75, 1].flatMap((t) =>
    frameShapes(scene, t, 0, 0, { cues: t === 1 }).slice(1),
  );
  const box = bounds(samples);
  const margin = 10;
  const minX = box.minX - margin;
  const maxX = box.maxX + margin;
  const floorY =
    scene.camera.elevation > 0 ? scene.camera.near * Math.sin(scene.camera.elevation * RAD) : 0;
  const minY = Math.min(box.minY, -2) - margin;
  const maxY = Math.max(box.maxY, floorY + 2) + margin / 2;
  return {
    viewBox: [round(minX), round(minY), round(maxX - minX), round(maxY - minY)],
    shapes: (t, options) => frameShapes(scene, t, minX + 3, maxX - 3, options),
  };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One shape as SVG markup. */
export function shapeToSvg(shape: FigureShape): string {
  const colour = FIGURE_TONES[shape.tone];
  switch (shape.kind) {
    case 'line':
      return `<line x1="${shape.x1}" y1="${shape.y1}" x2="${shape.x2}" y2="${shape.y2}" stroke="${colour}" stroke-width="${shape.width}" stroke-linecap="round"/>`;
    case 'path':
      return `<path d="${shape.d}" stroke="${colour}" stroke-width="${shape.width}" stroke-linecap="round" stroke-linejoin="round" fill="${shape.fill === null ? 'none' : FIGURE_TONES[shape.fill]}"/>`;
    case 'circle':
      return `<circle cx="${shape.cx}" cy="${shape.cy}" r="${shape.r}" fill="${shape.fill === null ? 'none' : FIGURE_TONES[shape.fill]}"${shape.width > 0 ? ` stroke="${colour}" stroke-width="${shape.width}"` : ''}/>`;
    case 'rect':
      return `<rect x="${shape.x}" y="${shape.y}" width="${shape.w}" height="${shape.h}" rx="${shape.rx}" fill="${shape.fill === null ? 'none' : FIGURE_TONES[shape.fill]}"${shape.width > 0 ? ` stroke="${colour}" stroke-width="${shape.width}"` : ''}/>`;
  }
}

/**
 * The figure at one moment as a standalone SVG document (`t` 0 start, 1 end), labelled for
 * screen readers.
 */
export function figureSvg(
  model: MovementModel,
  options: { t?: number; label: string; width?: number; height?: number },
): string {
  const drawing = figureDrawing(model);
  const [x, y, w, h] = drawing.viewBox;
  const size = `${options.width !== undefined ? ` width="${options.width}"` : ''}${options.height !== undefined ? ` height="${options.height}"` : ''}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x} ${y} ${w} ${h}"${size} role="img" aria-label="${escapeXml(options.label)}">${drawing
    .shapes(options.t ?? 0)
    .map(shapeToSvg)
    .join('')}</svg>`;
}

/**
 * The start and end frames side by side in one SVG (the printed program, the gallery), each
 * frame scaled alike, with an arrow between them.
 */
export function figureStartEndSvg(
  model: MovementModel,
  options: { label: string; width?: number; height?: number },
): string {
  const drawing = figureDrawing(model);
  const [x, y, w, h] = drawing.viewBox;
  const gap = Math.max(20, w * 0.12);
  const frame = (t: number, dx: number): string =>
    `<g transform="translate(${round(dx - x)} ${round(-y)})">${drawing
      .shapes(t, { cues: t === 1 })
      .map(shapeToSvg)
      .join('')}</g>`;
  const arrowY = round(h / 2);
  const ax = round(w + gap * 0.25);
  const bx = round(w + gap * 0.75);
  const arrow = `<path d="M${ax} ${arrowY}L${bx} ${arrowY}M${bx - 5} ${arrowY - 5}L${bx} ${arrowY}L${bx - 5} ${arrowY + 5}" stroke="${FIGURE_TONES.prop}" stroke-width="2" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
  const size = `${options.width !== undefined ? ` width="${options.width}"` : ''}${options.height !== undefined ? ` height="${options.height}"` : ''}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${round(w * 2 + gap)} ${round(h)}"${size} role="img" aria-label="${escapeXml(options.label)}">${frame(0, 0)}${arrow}${frame(1, w + gap)}</svg>`;
}
