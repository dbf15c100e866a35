import { z } from 'zod';

/**
 * The movement model of a catalogue exercise (issue 32 item 2): how a 2D figure is placed, the
 * joint angles of its start and end positions, the props, the holds, and the angle a repetition
 * is counted on. The figure (figure-svg.ts), the printed program and the camera coach (issue 33,
 * MediaPipe Pose 2D landmarks) all read this one description. docs/catalogue-authoring.md
 * explains every field with examples; keep the two in step.
 *
 * Angles are degrees. Every joint angle is the patient's own anatomical angle, measured the way a
 * goniometer (and a 2D camera in the model's view) measures it, 0 being the anatomical position:
 * standing tall, arms by the sides, palms in, feet flat. Each is signed:
 *
 * | angle                  | positive (+)                           | negative (−)              |
 * |------------------------|----------------------------------------|---------------------------|
 * | trunk.flexion          | leans forward (chest toward the thighs) | leans back                |
 * | trunk.curve            | back rounds (slump, cat)               | back arches (camel)       |
 * | trunk.sideBend         | bends toward the patient's right       | toward the left           |
 * | trunk.rotation         | chest turns toward the patient's right | toward the left           |
 * | neck.flexion           | chin toward the chest                  | looks up                  |
 * | neck.headFlexion       | nods (chin tucks)                      | tips the head back        |
 * | neck.sideBend          | ear toward the right shoulder          | toward the left shoulder  |
 * | neck.rotation          | looks toward the patient's right       | toward the left           |
 * | shoulderFlexion        | arm forward and up                     | arm back (extension)      |
 * | shoulderAbduction      | arm out to the side and up             | across the body           |
 * | shoulderRotation       | external: forearm turns outward         | internal: inward          |
 * | elbowFlexion           | bends                                  | (not allowed)             |
 * | hipFlexion             | thigh forward and up                   | thigh back (extension)    |
 * | hipAbduction           | leg out to the side                    | across the midline        |
 * | hipRotation            | external: knee turns out (clam)        | internal                  |
 * | kneeFlexion            | bends                                  | (not allowed)             |
 * | ankleDorsiflexion      | toes up                                | toes down (plantarflexion) |
 * | ankleInversion         | sole turns in (toes point inward)      | sole turns out (eversion) |
 *
 * `trunk.flexion` is the tilt of the shoulder–hip line from the posture's base orientation
 * (upright for standing, sitting and kneeling; level for lying and hands-and-knees), so it is also
 * where the body is. Limb angles are relative to their parent segment: the hip to the shoulder–hip
 * line, the knee to the thigh, the shoulder to the trunk, the elbow to the upper arm. That is what
 * a camera sees (there is no pelvis landmark apart from the hips), so the trunk segment lumps the
 * pelvis and the lumbar spine together and the hip limits are a little wider than the hip's own.
 */

export const VIEWS = ['side', 'front'] as const;
export const ViewSchema = z.enum(VIEWS);
export type View = z.infer<typeof ViewSchema>;

/**
 * How the figure is placed before its joint angles apply. The posture sets the trunk's base
 * orientation and what the body rests on; the angles set the rest (a sitting figure still needs
 * hipFlexion 90 and kneeFlexion 90). Side-lying names the side the patient lies on.
 */
export const POSTURES = [
  'standing',
  'sitting',
  'long-sitting',
  'supine',
  'prone',
  'side-lying-left',
  'side-lying-right',
  'quadruped',
  'half-kneeling',
  'kneeling',
] as const;
export const PostureSchema = z.enum(POSTURES);
export type Posture = z.infer<typeof PostureSchema>;

export const SIDES = ['left', 'right'] as const;
export const SideSchema = z.enum(SIDES);
export type Side = z.infer<typeof SideSchema>;

/** Which side does the work: the accent colour goes on it; `alternating` draws the right. */
export const MOVING_SIDES = ['left', 'right', 'both', 'alternating', 'trunk'] as const;
export const MovingSideSchema = z.enum(MOVING_SIDES);
export type MovingSide = z.infer<typeof MovingSideSchema>;

/** One joint's allowed range, with the name a message shows an author. */
interface JointLimit {
  min: number;
  max: number;
  label: string;
}

/**
 * Anatomical limits (AAOS normal ranges of motion, with a few degrees of margin for stretches;
 * hipFlexion and trunk include lumbo-pelvic motion, see above). A pose outside them is refused.
 */
export const TRUNK_LIMITS = {
  flexion: { min: -90, max: 110, label: 'trunk flexion' },
  curve: { min: -30, max: 45, label: 'spine curve' },
  sideBend: { min: -40, max: 40, label: 'trunk side bend' },
  rotation: { min: -50, max: 50, label: 'trunk rotation' },
} as const satisfies Record<string, JointLimit>;

export const NECK_LIMITS = {
  flexion: { min: -55, max: 50, label: 'neck flexion' },
  headFlexion: { min: -25, max: 25, label: 'head nod' },
  sideBend: { min: -45, max: 45, label: 'neck side bend' },
  rotation: { min: -80, max: 80, label: 'neck rotation' },
} as const satisfies Record<string, JointLimit>;

export const LIMB_LIMITS = {
  shoulderFlexion: { min: -60, max: 180, label: 'shoulder flexion' },
  shoulderAbduction: { min: -45, max: 180, label: 'shoulder abduction' },
  shoulderRotation: { min: -80, max: 95, label: 'shoulder rotation' },
  elbowFlexion: { min: 0, max: 150, label: 'elbow flexion' },
  hipFlexion: { min: -40, max: 135, label: 'hip flexion' },
  hipAbduction: { min: -30, max: 50, label: 'hip abduction' },
  hipRotation: { min: -40, max: 50, label: 'hip rotation' },
  kneeFlexion: { min: 0, max: 150, label: 'knee flexion' },
  ankleDorsiflexion: { min: -50, max: 30, label: 'ankle dorsiflexion' },
  /**
   * Drawn as the foot turning about the shin's long axis, the toes swinging in (+) or out (−):
   * what inversion and eversion look like from the front with the leg pointing at the camera.
   */
  ankleInversion: { min: -20, max: 35, label: 'ankle inversion' },
} as const satisfies Record<string, JointLimit>;

export type TrunkJoint = keyof typeof TRUNK_LIMITS;
export type NeckJoint = keyof typeof NECK_LIMITS;
export type LimbJoint = keyof typeof LIMB_LIMITS;

const degrees = z.number().finite();

/** A group of angles, each defaulting to 0 (the anatomical position), each within its limit. */
function anglesSchema<K extends string>(limits: Record<K, JointLimit>, prefix: string) {
  const shape = Object.fromEntries(
    Object.keys(limits).map((key) => [key, degrees.default(0)]),
  ) as Record<K, z.ZodDefault<z.ZodNumber>>;
  return z.strictObject(shape).superRefine((angles, ctx) => {
    for (const key of Object.keys(limits) as K[]) {
      const value = (angles as Record<K, number>)[key];
      const { min, max, label } = limits[key];
      if (value < min || value > max) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${prefix}${label} ${value}° is outside ${min}° to ${max}°`,
        });
      }
    }
  });
}

export const TrunkAnglesSchema = anglesSchema(TRUNK_LIMITS, '');
export const NeckAnglesSchema = anglesSchema(NECK_LIMITS, '');
export const LeftLimbAnglesSchema = anglesSchema(LIMB_LIMITS, 'left ');
export const RightLimbAnglesSchema = anglesSchema(LIMB_LIMITS, 'right ');
export type TrunkAngles = z.infer<typeof TrunkAnglesSchema>;
export type NeckAngles = z.infer<typeof NeckAnglesSchema>;
export type LimbAngles = z.infer<typeof LeftLimbAnglesSchema>;

/** One position of the body: every angle not given is 0. */
export const PoseAnglesSchema = z.strictObject({
  trunk: TrunkAnglesSchema.prefault({}),
  neck: NeckAnglesSchema.prefault({}),
  left: LeftLimbAnglesSchema.prefault({}),
  right: RightLimbAnglesSchema.prefault({}),
});
export type PoseAngles = z.infer<typeof PoseAnglesSchema>;
export type PoseAnglesInput = z.input<typeof PoseAnglesSchema>;

/**
 * Named points of the body, for what must touch a surface (`touching`), where the figure is
 * anchored between frames (`anchor`) and where a prop attaches.
 */
export const BODY_POINTS = [
  'head',
  'shoulders',
  'pelvis',
  'left-hand',
  'right-hand',
  'hands',
  'left-elbow',
  'right-elbow',
  'elbows',
  'left-knee',
  'right-knee',
  'knees',
  'left-foot',
  'right-foot',
  'feet',
] as const;
export const BodyPointSchema = z.enum(BODY_POINTS);
export type BodyPoint = z.infer<typeof BodyPointSchema>;

/** Where a held or strapped thing is: a hand, both hands, an ankle. */
export const HOLDERS = [
  'left-hand',
  'right-hand',
  'both-hands',
  'left-ankle',
  'right-ankle',
] as const;
export const HolderSchema = z.enum(HOLDERS);
export type Holder = z.infer<typeof HolderSchema>;

/**
 * The props, drawn simply and placed from the start position (they do not move). A support
 * (chair seat, step, table) is a surface the body rests on; a wall or a doorway stands where the
 * body touches it at the start.
 */
export const PropSchema = z.discriminatedUnion('kind', [
  /** A chair under the pelvis (seat 44 cm high), its back behind the patient. */
  z.strictObject({ kind: z.literal('chair') }),
  /** A chair or counter held for balance: its top at the given hand at the start. */
  z.strictObject({ kind: z.literal('counter'), hand: SideSchema }),
  /** A wall touching the back (`behind`), the hands (`in-front`) or a side of the body. */
  z.strictObject({
    kind: z.literal('wall'),
    where: z.enum(['behind', 'in-front', 'left', 'right']),
  }),
  /** A door frame at the hands or forearms, in front of the body. */
  z.strictObject({ kind: z.literal('doorway') }),
  /** A step (18 cm) under one foot or both. */
  z.strictObject({ kind: z.literal('step'), under: z.enum(['left-foot', 'right-foot', 'feet']) }),
  /** A treatment table or bed (65 cm) under the body; lying postures rest on it. */
  z.strictObject({ kind: z.literal('table') }),
  /** A mat on the floor under the body. */
  z.strictObject({ kind: z.literal('mat') }),
  /** A ball held between two body points, or against the wall behind the back. */
  z.strictObject({ kind: z.literal('ball'), at: z.enum(['knees', 'hands', 'back']) }),
  /** A stick (a wand, a cane or a broom handle) held across both hands. */
  z.strictObject({ kind: z.literal('stick') }),
  /** A rolled towel under a joint. */
  z.strictObject({
    kind: z.literal('towel-roll'),
    under: z.enum(['left-knee', 'right-knee', 'left-ankle', 'right-ankle', 'neck', 'low-back']),
  }),
  /** A flat towel: a strap from the hands around a foot, or on the floor under a foot. */
  z.strictObject({
    kind: z.literal('towel'),
    use: z.enum(['strap-left-foot', 'strap-right-foot', 'under-left-foot', 'under-right-foot']),
  }),
  /**
   * An elastic band from what holds it to its anchor: a door at the side or in front (at the
   * holder's height at the start), under a foot, or the other hand; `knees` is a loop above them;
   * `left-knee` / `right-knee` a band behind that knee (a terminal knee extension).
   */
  z.strictObject({
    kind: z.literal('band'),
    holder: z.enum([...HOLDERS, 'knees', 'left-knee', 'right-knee']),
    anchor: z.enum([
      'door-front',
      'door-behind',
      'door-left',
      'door-right',
      'under-left-foot',
      'under-right-foot',
      'other-hand',
      'loop',
    ]),
  }),
  /** A hand weight or an ankle cuff weight. */
  z.strictObject({ kind: z.literal('weight'), holder: HolderSchema }),
]);
export type Prop = z.infer<typeof PropSchema>;
export type PropKind = Prop['kind'];

/** A joint a repetition can be counted on: a trunk or neck angle, or a limb angle of one side. */
export const COUNTED_JOINTS = [
  'trunk.flexion',
  'trunk.curve',
  'trunk.sideBend',
  'trunk.rotation',
  'neck.flexion',
  'neck.headFlexion',
  'neck.sideBend',
  'neck.rotation',
  ...(Object.keys(LIMB_LIMITS) as LimbJoint[]),
] as const;
export const CountedJointSchema = z.enum(COUNTED_JOINTS);
export type CountedJoint = z.infer<typeof CountedJointSchema>;

/**
 * How the camera coach (issue 33) measures each countable angle from MediaPipe Pose 2D landmarks
 * in the view given, ∠(a, b, c) being the angle at b. `null`: not measurable in that view (the
 * motion is across the camera's line of sight, or there is no landmark for it), so an exercise
 * counted on it is timed, not counted, by the camera. Authors choose view and counted joint so
 * this is not null where they can (docs/catalogue-authoring.md, "Counted angle").
 */
export const CAMERA_MEASURES: Record<CountedJoint, Record<View, string | null>> = {
  'trunk.flexion': {
    side: 'angle of the mid-shoulder → mid-hip line from the posture’s base (vertical or level)',
    front: null,
  },
  'trunk.curve': { side: null, front: null },
  'trunk.sideBend': {
    side: null,
    front: 'angle of the mid-hip → mid-shoulder line from vertical',
  },
  'trunk.rotation': {
    side: null,
    front: 'shoulder width shrinking against hip width: acos(shoulder span / neutral span)',
  },
  'neck.flexion': {
    side: 'angle of the shoulder → ear line against the hip → shoulder line',
    front: null,
  },
  'neck.headFlexion': {
    side: 'angle of the ear → nose line against its neutral angle',
    front: null,
  },
  'neck.sideBend': {
    side: null,
    front: 'angle of the nose-bridge → mid-shoulder line from the trunk line',
  },
  'neck.rotation': {
    side: null,
    front: 'nose offset from the mid-ear point over the ear span: asin(2·offset / ear span)',
  },
  shoulderFlexion: { side: '∠(hip, shoulder, elbow), signed by the facing direction', front: null },
  shoulderAbduction: { side: null, front: '∠(hip, shoulder, elbow)' },
  shoulderRotation: {
    side: null,
    front:
      'with the elbow at 90° by the side: asin(wrist’s sideways offset from the elbow / forearm)',
  },
  elbowFlexion: {
    side: '180° − ∠(shoulder, elbow, wrist)',
    front: '180° − ∠(shoulder, elbow, wrist)',
  },
  hipFlexion: {
    side: '180° − ∠(shoulder, hip, knee), signed by the facing direction',
    front: null,
  },
  hipAbduction: { side: null, front: '∠(other hip, hip, knee) − 90°' },
  hipRotation: { side: null, front: null },
  kneeFlexion: { side: '180° − ∠(hip, knee, ankle)', front: null },
  ankleDorsiflexion: { side: '∠(knee, ankle, foot index) − 90°', front: null },
  ankleInversion: {
    side: null,
    front: 'tilt of the heel → foot index line from vertical, the leg pointing at the camera',
  },
};

const LIMB_JOINT_NAMES = new Set<string>(Object.keys(LIMB_LIMITS));

/** Whether a counted joint is a limb's (and so needs a side). */
export function isLimbJoint(joint: CountedJoint): joint is LimbJoint {
  return LIMB_JOINT_NAMES.has(joint);
}

/** The value of a counted joint in a pose. */
export function jointAngle(pose: PoseAngles, joint: CountedJoint, side?: Side | null): number {
  if (isLimbJoint(joint)) {
    return pose[side ?? 'right'][joint];
  }
  const [group, key] = joint.split('.') as ['trunk' | 'neck', string];
  return (pose[group] as Record<string, number>)[key] ?? 0;
}

/** The angle a repetition is counted on, from its start value to its end value. */
export const CountedSchema = z.strictObject({
  joint: CountedJointSchema,
  /** The limb's side for a limb joint; absent for a trunk or neck angle. */
  side: SideSchema.optional(),
  from: degrees,
  to: degrees,
});
export type Counted = z.infer<typeof CountedSchema>;

const seconds = z.number().min(0).max(120);

/**
 * A movement model. `start` and `end` are the two positions the figure moves between, holding
 * `hold.start` seconds at the start and `hold.end` at the end, taking `tempo` seconds each way.
 * `counted`: the angle that counts a repetition, its `from` and `to` being that angle's values
 * in `start` and `end` (checked); null only for a still hold, where start and end are the same.
 */
export const MovementModelSchema = z
  .strictObject({
    view: ViewSchema,
    posture: PostureSchema,
    props: z.array(PropSchema).max(4).default([]),
    start: PoseAnglesSchema,
    end: PoseAnglesSchema,
    hold: z.strictObject({ start: seconds.default(0), end: seconds.default(0) }).prefault({}),
    tempo: z
      .strictObject({
        toEnd: seconds.min(0.3).default(1.5),
        toStart: seconds.min(0.3).default(1.5),
      })
      .prefault({}),
    moving: MovingSideSchema,
    counted: CountedSchema.nullable(),
    /**
     * Body points that must rest on a surface in both positions besides the posture's own
     * (a bridge: the feet as well as the shoulders). Checked by the catalogue's pose test.
     */
    touching: z.array(BodyPointSchema).max(6).default([]),
    /** The point that stays put between frames; the posture's default otherwise (movement-pose). */
    anchor: BodyPointSchema.optional(),
  })
  .superRefine((model, ctx) => {
    const { counted } = model;
    if (counted === null) {
      if (JSON.stringify(model.start) !== JSON.stringify(model.end)) {
        ctx.addIssue({
          code: 'custom',
          path: ['counted'],
          message: 'A movement whose start and end differ needs a counted joint',
        });
      }
      return;
    }
    if (isLimbJoint(counted.joint) !== (counted.side !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['counted', 'side'],
        message: isLimbJoint(counted.joint)
          ? `Counted ${counted.joint} needs a side`
          : `Counted ${counted.joint} takes no side`,
      });
      return;
    }
    for (const [end, key] of [
      ['start', 'from'],
      ['end', 'to'],
    ] as const) {
      const actual = jointAngle(model[end], counted.joint, counted.side);
      if (Math.abs(actual - counted[key]) > 0.5) {
        ctx.addIssue({
          code: 'custom',
          path: ['counted', key],
          message: `Counted ${counted.joint} ${key} ${counted[key]}° is not its ${end} angle ${actual}°`,
        });
      }
    }
    if (Math.abs(counted.to - counted.from) < 5) {
      ctx.addIssue({
        code: 'custom',
        path: ['counted'],
        message: 'A counted range under 5° cannot be seen or counted',
      });
    }
  });
export type MovementModel = z.infer<typeof MovementModelSchema>;
export type MovementModelInput = z.input<typeof MovementModelSchema>;
