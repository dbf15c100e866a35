import {
  LIMB_LIMITS,
  NECK_LIMITS,
  TRUNK_LIMITS,
  type BodyPoint,
  type LimbAngles,
  type MovementModel,
  type PoseAngles,
  type Posture,
  type Prop,
  type Side,
  type View,
} from './movement';

/**
 * Forward kinematics of the movement model (movement.ts): joint angles → joint positions of a
 * body of standard proportions, placed on what it rests on. Pure; units are centimetres, y up,
 * the floor at y = 0. The body is posed in 3D (so a shoulder rotation or a clam projects as it
 * would on a camera) and projected onto the view's plane: the side view looks at the patient's
 * right side (the figure faces right) unless the left side moves, then at the left (facing left);
 * the front view looks at the patient's front (their right on the viewer's left).
 */

/** Segment lengths and radii (cm) of a 170 cm adult, after Winter's anthropometric table. */
export const BODY = {
  trunk: 49,
  neck: 10,
  headRadius: 10,
  shoulderHalfWidth: 19,
  hipHalfWidth: 9,
  upperArm: 32,
  forearm: 25,
  hand: 6,
  thigh: 42,
  shin: 42,
  ankleHeight: 6,
  heelBack: 5,
  toeForward: 19,
  radius: {
    trunk: 11,
    girdle: 6,
    pelvis: 8,
    neck: 4.5,
    upperArm: 4.5,
    forearm: 3.8,
    hand: 4,
    thigh: 7,
    shin: 5,
    foot: 3.5,
  },
} as const;

/** Heights (cm) of the supports props provide. */
export const SUPPORT = { chairSeat: 43.5, step: 18, table: 65 } as const;

type Vec3 = readonly [number, number, number];
type Mat3 = readonly [Vec3, Vec3, Vec3];

const RAD = Math.PI / 180;

function mul(a: Mat3, b: Mat3): Mat3 {
  const row = (r: Vec3): Vec3 => [
    r[0] * b[0][0] + r[1] * b[1][0] + r[2] * b[2][0],
    r[0] * b[0][1] + r[1] * b[1][1] + r[2] * b[2][1],
    r[0] * b[0][2] + r[1] * b[1][2] + r[2] * b[2][2],
  ];
  return [row(a[0]), row(a[1]), row(a[2])];
}

function apply(m: Mat3, v: Vec3): Vec3 {
  return [
    m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
    m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
    m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
  ];
}

function add(a: Vec3, b: Vec3, scale = 1): Vec3 {
  return [a[0] + b[0] * scale, a[1] + b[1] * scale, a[2] + b[2] * scale];
}

/** Rotation about x (anterior): y turns toward z. */
function rx(deg: number): Mat3 {
  const c = Math.cos(deg * RAD);
  const s = Math.sin(deg * RAD);
  return [
    [1, 0, 0],
    [0, c, -s],
    [0, s, c],
  ];
}

/** Rotation about y (up): z turns toward x. */
function ry(deg: number): Mat3 {
  const c = Math.cos(deg * RAD);
  const s = Math.sin(deg * RAD);
  return [
    [c, 0, s],
    [0, 1, 0],
    [-s, 0, c],
  ];
}

/** Rotation about z (the patient's left): x turns toward y. */
function rz(deg: number): Mat3 {
  const c = Math.cos(deg * RAD);
  const s = Math.sin(deg * RAD);
  return [
    [c, -s, 0],
    [s, c, 0],
    [0, 0, 1],
  ];
}

const IDENTITY: Mat3 = rz(0);

/**
 * The body frame: x anterior, y up (head), z the patient's left. Each posture turns it into the
 * world: lying on the back pitches it so the head points to −x (screen left in the side view)
 * and the front faces up.
 */
const POSTURE_FRAME: Record<Posture, Mat3> = {
  standing: IDENTITY,
  sitting: IDENTITY,
  'long-sitting': IDENTITY,
  'half-kneeling': IDENTITY,
  kneeling: IDENTITY,
  supine: rz(90),
  prone: rz(-90),
  quadruped: rz(-90),
  'side-lying-left': rx(90),
  'side-lying-right': rx(-90),
};

/** The named joints of a posed body. */
export type JointName =
  | 'pelvis'
  | 'chest'
  | 'neckTop'
  | 'head'
  | 'nose'
  | `${Side}${'Shoulder' | 'Elbow' | 'Wrist' | 'Hand' | 'Hip' | 'Knee' | 'Ankle' | 'Heel' | 'Toe'}`;

/** A body segment between two joints, with its radius (a capsule). */
export interface Segment {
  name: string;
  /** The side it belongs to, `axial` for the trunk, girdles, neck and head. */
  side: Side | 'axial';
  from: JointName;
  to: JointName;
  radius: number;
}

const limbSegments = (side: Side): Segment[] => [
  {
    name: `${side} upper arm`,
    side,
    from: `${side}Shoulder`,
    to: `${side}Elbow`,
    radius: BODY.radius.upperArm,
  },
  {
    name: `${side} forearm`,
    side,
    from: `${side}Elbow`,
    to: `${side}Hand`,
    radius: BODY.radius.forearm,
  },
  { name: `${side} thigh`, side, from: `${side}Hip`, to: `${side}Knee`, radius: BODY.radius.thigh },
  { name: `${side} shin`, side, from: `${side}Knee`, to: `${side}Ankle`, radius: BODY.radius.shin },
  { name: `${side} foot`, side, from: `${side}Heel`, to: `${side}Toe`, radius: BODY.radius.foot },
];

/** Every segment of the body; the figure draws these and the checks test them. */
export const SEGMENTS: readonly Segment[] = [
  { name: 'trunk', side: 'axial', from: 'pelvis', to: 'chest', radius: BODY.radius.trunk },
  {
    name: 'shoulder girdle',
    side: 'axial',
    from: 'leftShoulder',
    to: 'rightShoulder',
    radius: BODY.radius.girdle,
  },
  { name: 'pelvis', side: 'axial', from: 'leftHip', to: 'rightHip', radius: BODY.radius.pelvis },
  { name: 'neck', side: 'axial', from: 'chest', to: 'neckTop', radius: BODY.radius.neck },
  { name: 'head', side: 'axial', from: 'head', to: 'head', radius: BODY.headRadius },
  ...limbSegments('left'),
  ...limbSegments('right'),
];

/** A joint on the picture: x right, y up (cm, floor at 0), depth toward the viewer. */
export interface FigurePoint {
  x: number;
  y: number;
  depth: number;
}

/** A support the body rests on: a box from the floor to `top`, between `x0` and `x1`. */
export interface Support {
  kind: 'chair' | 'step' | 'table';
  x0: number;
  x1: number;
  top: number;
  /** Its extent toward the viewer, where it matters (a chair seen from the front); any if absent. */
  depth?: { near: number; far: number };
}

/** A posed, projected and placed body. */
export interface FigurePose {
  view: View;
  /** Whether the side view is mirrored (the figure faces left: the patient's left side shown). */
  mirrored: boolean;
  points: Record<JointName, FigurePoint>;
  /** The 3D joint positions (body placed at the origin), for the overlap check. */
  joints3d: Record<JointName, Vec3>;
  /** Bow of the spine, as the figure draws it: the trunk's midpoint offset (cm, on the picture). */
  spineBow: { x: number; y: number };
}

/** Whether the side view shows the patient's left side (the figure faces left). */
export function isMirrored(model: Pick<MovementModel, 'view' | 'moving'>): boolean {
  return model.view === 'side' && model.moving === 'left';
}

/** Joint positions of a pose in the body frame turned by its posture (pelvis at the origin). */
export function poseJoints(
  angles: PoseAngles,
  posture: Posture,
): { joints: Record<JointName, Vec3>; spineBow: Vec3 } {
  const base = POSTURE_FRAME[posture];
  const { trunk, neck } = angles;
  const trunkFrame = mul(
    mul(mul(base, rz(-trunk.flexion)), rx(-trunk.sideBend)),
    ry(trunk.rotation),
  );
  const pelvis: Vec3 = [0, 0, 0];
  const chest = apply(trunkFrame, [0, BODY.trunk, 0]);
  // The neck leaves the upper end of the bowed spine, so a rounded back carries the head forward.
  const upperFrame = mul(trunkFrame, rz(-trunk.curve / 2));
  const neckFrame = mul(
    mul(mul(upperFrame, rz(-neck.flexion)), rx(-neck.sideBend)),
    ry(neck.rotation),
  );
  const neckTop = add(chest, apply(neckFrame, [0, BODY.neck, 0]));
  const headFrame = mul(neckFrame, rz(-neck.headFlexion));
  const head = add(neckTop, apply(headFrame, [1, BODY.headRadius - 1, 0]));
  const nose = add(head, apply(headFrame, [BODY.headRadius + 2, -2, 0]));
  const sagitta = (BODY.trunk / 2) * Math.tan((trunk.curve * RAD) / 4);
  const spineBow = apply(trunkFrame, [-sagitta, 0, 0]);

  const joints = { pelvis, chest, neckTop, head, nose } as Record<JointName, Vec3>;
  for (const side of ['left', 'right'] as const) {
    const s = side === 'left' ? 1 : -1;
    const limb: LimbAngles = angles[side];
    const shoulder = add(chest, apply(trunkFrame, [0, 0, s * BODY.shoulderHalfWidth]));
    const shoulderFrame = mul(
      mul(mul(trunkFrame, rz(limb.shoulderFlexion)), rx(-s * limb.shoulderAbduction)),
      ry(-s * limb.shoulderRotation),
    );
    const elbow = add(shoulder, apply(shoulderFrame, [0, -BODY.upperArm, 0]));
    const elbowFrame = mul(shoulderFrame, rz(limb.elbowFlexion));
    const wrist = add(elbow, apply(elbowFrame, [0, -BODY.forearm, 0]));
    const hand = add(wrist, apply(elbowFrame, [0, -BODY.hand, 0]));
    const hip = apply(trunkFrame, [0, 0, s * BODY.hipHalfWidth]);
    const hipFrame = mul(
      mul(mul(trunkFrame, rz(limb.hipFlexion)), rx(-s * limb.hipAbduction)),
      ry(-s * limb.hipRotation),
    );
    const knee = add(hip, apply(hipFrame, [0, -BODY.thigh, 0]));
    const kneeFrame = mul(hipFrame, rz(-limb.kneeFlexion));
    const ankle = add(knee, apply(kneeFrame, [0, -BODY.shin, 0]));
    // Inversion turns the foot about the shin's long axis, the toes toward the midline.
    const footFrame = mul(mul(kneeFrame, ry(s * limb.ankleInversion)), rz(limb.ankleDorsiflexion));
    const heel = add(ankle, apply(footFrame, [-BODY.heelBack, -BODY.ankleHeight, 0]));
    const toe = add(ankle, apply(footFrame, [BODY.toeForward, -BODY.ankleHeight, 0]));
    Object.assign(joints, {
      [`${side}Shoulder`]: shoulder,
      [`${side}Elbow`]: elbow,
      [`${side}Wrist`]: wrist,
      [`${side}Hand`]: hand,
      [`${side}Hip`]: hip,
      [`${side}Knee`]: knee,
      [`${side}Ankle`]: ankle,
      [`${side}Heel`]: heel,
      [`${side}Toe`]: toe,
    });
  }
  return { joints, spineBow };
}

/** Onto the picture: side view x = anterior (or posterior, mirrored); front view x = the left. */
function project(v: Vec3, view: View, mirrored: boolean): FigurePoint {
  if (view === 'front') {
    return { x: v[2], y: v[1], depth: v[0] };
  }
  return mirrored ? { x: -v[0], y: v[1], depth: v[2] } : { x: v[0], y: v[1], depth: -v[2] };
}

/** The radius each joint point is drawn with (its lowest surface is y − radius). */
export function jointRadius(name: JointName): number {
  if (name === 'chest') {
    return BODY.radius.trunk;
  }
  if (name === 'pelvis') {
    return BODY.radius.pelvis;
  }
  if (name === 'head') {
    return BODY.headRadius;
  }
  if (name === 'nose' || name === 'neckTop') {
    return 2;
  }
  const part = name.replace(/^(left|right)/, '');
  switch (part) {
    case 'Shoulder':
      return BODY.radius.girdle;
    case 'Elbow':
      return BODY.radius.upperArm;
    case 'Wrist':
      return BODY.radius.forearm;
    case 'Hand':
      return BODY.radius.hand;
    case 'Hip':
      return BODY.radius.thigh;
    case 'Knee':
      // A kneeling body rests on the front of the knee, as thick as the thigh.
      return BODY.radius.thigh;
    case 'Ankle':
      return BODY.radius.shin;
    default:
      return BODY.radius.foot;
  }
}

const sides = ['left', 'right'] as const;

/** The joints a named body point stands for (`feet`: both). */
export function bodyPointJoints(point: BodyPoint): JointName[] {
  switch (point) {
    case 'head':
      return ['head'];
    case 'shoulders':
      return ['chest', 'leftShoulder', 'rightShoulder'];
    case 'pelvis':
      return ['pelvis', 'leftHip', 'rightHip'];
    case 'left-hand':
      return ['leftHand'];
    case 'right-hand':
      return ['rightHand'];
    case 'hands':
      return ['leftHand', 'rightHand'];
    case 'left-elbow':
      return ['leftElbow'];
    case 'right-elbow':
      return ['rightElbow'];
    case 'elbows':
      return ['leftElbow', 'rightElbow'];
    case 'left-knee':
      return ['leftKnee'];
    case 'right-knee':
      return ['rightKnee'];
    case 'knees':
      return ['leftKnee', 'rightKnee'];
    case 'left-foot':
      return ['leftHeel', 'leftToe'];
    case 'right-foot':
      return ['rightHeel', 'rightToe'];
    case 'feet':
      return ['leftHeel', 'leftToe', 'rightHeel', 'rightToe'];
  }
}

/**
 * The contacts a posture rests on: each inner list is satisfied when any one of its points
 * touches (standing: either foot).
 */
export const POSTURE_CONTACTS: Record<Posture, BodyPoint[][]> = {
  standing: [['left-foot', 'right-foot']],
  sitting: [['pelvis']],
  'long-sitting': [['pelvis']],
  supine: [['shoulders']],
  prone: [['pelvis', 'shoulders']],
  'side-lying-left': [['pelvis', 'shoulders']],
  'side-lying-right': [['pelvis', 'shoulders']],
  quadruped: [
    ['left-knee', 'right-knee'],
    ['left-hand', 'right-hand'],
  ],
  'half-kneeling': [['left-knee', 'right-knee']],
  kneeling: [['left-knee', 'right-knee']],
};

const POSTURE_ANCHOR: Record<Posture, BodyPoint> = {
  standing: 'feet',
  sitting: 'pelvis',
  'long-sitting': 'pelvis',
  supine: 'pelvis',
  prone: 'pelvis',
  'side-lying-left': 'pelvis',
  'side-lying-right': 'pelvis',
  quadruped: 'knees',
  'half-kneeling': 'feet',
  kneeling: 'knees',
};

/** The anchor point's x: a pair's midpoint, or the still side's when one side moves. */
function anchorX(model: MovementModel, points: Record<JointName, FigurePoint>): number {
  const anchor = model.anchor ?? POSTURE_ANCHOR[model.posture];
  const still: Side | null =
    model.anchor === undefined && (model.moving === 'left' || model.moving === 'right')
      ? model.moving === 'left'
        ? 'right'
        : 'left'
      : null;
  const pairs: Partial<Record<BodyPoint, JointName>> = {
    feet: 'Ankle' as JointName,
    knees: 'Knee' as JointName,
    hands: 'Hand' as JointName,
    elbows: 'Elbow' as JointName,
  };
  const part = pairs[anchor];
  if (part !== undefined && still !== null) {
    return points[`${still}${part}` as JointName].x;
  }
  const names =
    part !== undefined
      ? sides.map((side) => `${side}${part}` as JointName)
      : bodyPointJoints(anchor);
  return names.reduce((sum, name) => sum + points[name].x, 0) / names.length;
}

/** The supports the props make, placed from the start pose (x of the placed start figure). */
export function supportsOf(
  props: readonly Prop[],
  start: Record<JointName, FigurePoint>,
  view: View,
  mirrored = false,
): Support[] {
  const supports: Support[] = [];
  for (const prop of props) {
    if (prop.kind === 'chair') {
      const { x, depth } = start.pelvis;
      supports.push(
        view === 'front'
          ? {
              kind: 'chair',
              x0: x - 24,
              x1: x + 24,
              top: SUPPORT.chairSeat,
              depth: { far: depth - 16, near: depth + 26 },
            }
          : mirrored
            ? { kind: 'chair', x0: x - 26, x1: x + 16, top: SUPPORT.chairSeat }
            : { kind: 'chair', x0: x - 16, x1: x + 26, top: SUPPORT.chairSeat },
      );
    } else if (prop.kind === 'step') {
      const feet: Side[] =
        prop.under === 'feet' ? ['left', 'right'] : [prop.under === 'left-foot' ? 'left' : 'right'];
      const xs = feet.flatMap((side) => [start[`${side}Heel`].x, start[`${side}Toe`].x]);
      const x0 = Math.min(...xs) - 3;
      const x1 = Math.max(...xs) + 8;
      supports.push({ kind: 'step', x0, x1: Math.max(x1, x0 + 34), top: SUPPORT.step });
    } else if (prop.kind === 'table') {
      const xs = Object.values(start).map((point) => point.x);
      supports.push({
        kind: 'table',
        x0: Math.min(...xs) - 6,
        x1: Math.max(...xs) + 6,
        top: SUPPORT.table,
      });
    }
  }
  return supports;
}

/** Whether a support is under a point. */
export function isOver(point: FigurePoint, support: Support): boolean {
  const { depth } = support;
  return (
    point.x >= support.x0 &&
    point.x <= support.x1 &&
    (depth === undefined || (point.depth >= depth.far && point.depth <= depth.near))
  );
}

/** The height of what is under a point: the highest support under it, or the floor. */
export function surfaceUnder(point: FigurePoint, supports: readonly Support[]): number {
  return supports.reduce(
    (top, support) => (isOver(point, support) ? Math.max(top, support.top) : top),
    0,
  );
}

/** Joint angles between two poses, `t` from 0 (start) to 1 (end). */
export function interpolateAngles(start: PoseAngles, end: PoseAngles, t: number): PoseAngles {
  const mix = <T extends Record<string, number>>(a: T, b: T): T =>
    Object.fromEntries(Object.keys(a).map((key) => [key, a[key]! + (b[key]! - a[key]!) * t])) as T;
  return {
    trunk: mix(start.trunk, end.trunk),
    neck: mix(start.neck, end.neck),
    left: mix(start.left, end.left),
    right: mix(start.right, end.right),
  };
}

/** Projects a pose, anchors it at x = 0 and sets it down on the floor or its supports. */
function place(
  model: MovementModel,
  angles: PoseAngles,
  supports: readonly Support[] | null,
): { pose: FigurePose; shiftY: number } {
  const mirrored = isMirrored(model);
  const { joints, spineBow } = poseJoints(angles, model.posture);
  const points = Object.fromEntries(
    Object.entries(joints).map(([name, v]) => [name, project(v, model.view, mirrored)]),
  ) as Record<JointName, FigurePoint>;
  const dx = -anchorX(model, points);
  for (const point of Object.values(points)) {
    point.x += dx;
  }
  // Gravity: lower the body until its lowest surface rests on the floor or a support under it.
  const around = supports ?? [];
  let shiftY = -Infinity;
  for (const [name, point] of Object.entries(points) as [JointName, FigurePoint][]) {
    // The nose is drawn on the head's outline; the head rests on its circle, not on the nose.
    if (name !== 'nose') {
      shiftY = Math.max(shiftY, surfaceUnder(point, around) - (point.y - jointRadius(name)));
    }
  }
  for (const point of Object.values(points)) {
    point.y += shiftY;
  }
  const bow = project(spineBow, model.view, mirrored);
  return {
    pose: {
      view: model.view,
      mirrored,
      points,
      joints3d: joints,
      spineBow: { x: bow.x, y: bow.y },
    },
    shiftY,
  };
}

/** The start pose, its supports, and a function posing any moment of the movement. */
export interface PosedMovement {
  supports: Support[];
  start: FigurePose;
  end: FigurePose;
  /** The pose at `t` (0 start, 1 end), angles interpolated. */
  at(t: number): FigurePose;
}

/**
 * Poses a movement: the start is placed first (supports under the start pose's pelvis or feet),
 * then the supports stay where they are for every other moment.
 */
export function poseMovement(model: MovementModel): PosedMovement {
  // The supports are found from the start pose on the floor, then the start pose is set down again
  // on them (a sitting figure onto its seat, a step-up's foot onto its step).
  const provisional = place(model, model.start, null).pose;
  const supports = supportsOf(model.props, provisional.points, model.view, provisional.mirrored);
  const at = (t: number): FigurePose =>
    place(
      model,
      t <= 0 ? model.start : t >= 1 ? model.end : interpolateAngles(model.start, model.end, t),
      supports,
    ).pose;
  return { supports, start: at(0), end: at(1), at };
}

/** The joint-limit table of each angle, for checks that re-test interpolated poses. */
export const ALL_LIMITS = { trunk: TRUNK_LIMITS, neck: NECK_LIMITS, limb: LIMB_LIMITS } as const;
