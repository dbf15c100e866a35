/**
 * The shipped starting templates (issue 32 item 6): for each condition and phase of the
 * physical-therapy catalogue, four to six of its exercises in the order a patient does them,
 * each with the catalogue's default dose. Every clinic sees them read-only and copies one to
 * change it (docs/decisions/034-program-templates.md). `why` is the choice's reasoning, shown to
 * the therapist as the template's notes; shipped-templates.test.ts checks that every exercise
 * exists and is tagged for the template's condition and phase.
 *
 * How the choices are made: mobility or activation first, then strength, then balance or a
 * stretch to finish; each phase follows the catalogue's meaning (early: protect and move;
 * middle: build strength and control; late: load, balance and return to activity), and no
 * template holds two exercises that train the same thing the same way. The dosing guidance is
 * the catalogue's (pt-catalogue/sources.ts).
 */
import type { Condition, Phase } from '@homestretch/contract/library/catalogue-entry';

export interface ShippedTemplate {
  condition: Condition;
  phase: Phase;
  why: string;
  /** Catalogue exercise ids, in the program's order. */
  exercises: readonly string[];
}

export const SHIPPED_TEMPLATES: readonly ShippedTemplate[] = [
  {
    condition: 'knee-osteoarthritis',
    phase: 'early',
    why: 'Quadriceps and hip strength are the core of knee osteoarthritis care; in a flare they start without load through the joint, with a heel slide to keep the knee bending.',
    exercises: ['quad-set', 'heel-slide', 'straight-leg-raise', 'short-arc-quad', 'bridge'],
  },
  {
    condition: 'knee-osteoarthritis',
    phase: 'middle',
    why: 'Weight-bearing strength for daily tasks (rising from a chair, stairs), with hip abductor and calf work that shares the load around the knee.',
    exercises: ['mini-squat', 'sit-to-stand', 'step-up', 'side-lying-hip-abduction', 'calf-raise'],
  },
  {
    condition: 'knee-osteoarthritis',
    phase: 'late',
    why: 'Deeper and single-leg loading (wall squat, step-downs, split squat) and backward walking for control, toward the activities the patient wants back.',
    exercises: [
      'wall-squat',
      'lateral-step-up',
      'forward-step-down',
      'split-squat',
      'backward-walk',
    ],
  },
  {
    condition: 'knee-replacement',
    phase: 'early',
    why: 'The first weeks after surgery: circulation (ankle pumps), quadriceps activation, and the two ranges a new knee must regain first, bending (heel slide) and full straightening (heel prop).',
    exercises: [
      'ankle-pumps',
      'quad-set',
      'heel-slide',
      'heel-prop',
      'straight-leg-raise',
      'short-arc-quad',
    ],
  },
  {
    condition: 'knee-replacement',
    phase: 'middle',
    why: 'Bend gained on a step, then standing strength for chairs and stairs, with terminal knee extension so the knee locks straight when walking.',
    exercises: [
      'step-knee-bend-stretch',
      'sit-to-stand',
      'mini-squat',
      'step-up',
      'terminal-knee-extension',
    ],
  },
  {
    condition: 'knee-replacement',
    phase: 'late',
    why: 'Loaded and single-leg work for stairs, kerbs and getting up without the hands: the last steps back to full daily activity.',
    exercises: [
      'wall-squat',
      'lateral-step-up',
      'forward-step-down',
      'step-up-knee-drive',
      'sit-to-stand-no-hands',
    ],
  },
  {
    condition: 'acl-reconstruction',
    phase: 'early',
    why: 'Protect the graft and regain the basics: full extension (heel prop), bending to the surgeon’s limit (heel slide), quadriceps control without load, and circulation.',
    exercises: ['quad-set', 'heel-prop', 'heel-slide', 'straight-leg-raise', 'ankle-pumps'],
  },
  {
    condition: 'acl-reconstruction',
    phase: 'middle',
    why: 'Closed-chain quadriceps and hamstring strength, hip abductors against a band for knee alignment, and single-leg balance for the joint’s position sense.',
    exercises: [
      'mini-squat',
      'wall-squat',
      'step-up',
      'standing-hamstring-curl',
      'band-side-step',
      'single-leg-stance',
    ],
  },
  {
    condition: 'acl-reconstruction',
    phase: 'late',
    why: 'Single-leg strength and control in several directions, the base for the running and return-to-sport work a clinician progresses in person.',
    exercises: [
      'split-squat',
      'forward-step-down',
      'single-leg-squat',
      'side-lunge',
      'single-leg-bridge',
      'single-leg-stance-no-support',
    ],
  },
  {
    condition: 'patellofemoral-pain',
    phase: 'early',
    why: 'Quadriceps work at angles that load the kneecap little, with the hip abductors and extensors that keep the knee from falling inward.',
    exercises: [
      'quad-set',
      'straight-leg-raise',
      'clamshell',
      'bridge',
      'supine-hamstring-stretch',
    ],
  },
  {
    condition: 'patellofemoral-pain',
    phase: 'middle',
    why: 'Hip and knee strengthening combined, as the guidance for patellofemoral pain recommends, in shallow squats and steps kept within a comfortable range.',
    exercises: [
      'side-lying-hip-abduction',
      'band-side-step',
      'mini-squat',
      'wall-squat',
      'step-up',
      'standing-quad-stretch',
    ],
  },
  {
    condition: 'patellofemoral-pain',
    phase: 'late',
    why: 'Single-leg control going down steps and into a squat, where patellofemoral pain usually shows, with the hip strong enough to hold the knee in line.',
    exercises: [
      'lateral-step-down',
      'forward-step-down',
      'single-leg-squat',
      'single-leg-bridge',
      'split-squat',
    ],
  },
  {
    condition: 'hip-osteoarthritis',
    phase: 'early',
    why: 'Gluteal activation and hip strength through small, comfortable ranges, lying and standing, to ease pain and keep walking.',
    exercises: [
      'glute-set',
      'bridge',
      'clamshell',
      'standing-hip-abduction',
      'standing-hip-extension',
    ],
  },
  {
    condition: 'hip-osteoarthritis',
    phase: 'middle',
    why: 'Functional strength (chair rise, loaded bridge, side-lying abduction), the hip flexor length stiff hips lose, and single-leg balance.',
    exercises: [
      'sit-to-stand',
      'side-lying-hip-abduction',
      'band-bridge',
      'half-kneeling-hip-flexor-stretch',
      'single-leg-stance',
    ],
  },
  {
    condition: 'hip-osteoarthritis',
    phase: 'late',
    why: 'Full squats, split squats and single-leg bridges for stairs and getting up from the floor, with band walking and a rotation stretch.',
    exercises: [
      'bodyweight-squat',
      'split-squat',
      'single-leg-bridge',
      'band-side-step',
      'supine-figure-four-stretch',
    ],
  },
  {
    condition: 'hip-replacement',
    phase: 'early',
    why: 'The first weeks after surgery, standing at a counter: circulation, gluteal activation, hip strength in small ranges and weight shifting onto the new hip. The surgeon’s hip precautions still apply.',
    exercises: [
      'ankle-pumps',
      'glute-set',
      'standing-hip-abduction',
      'standing-hip-extension',
      'standing-march',
      'weight-shift',
    ],
  },
  {
    condition: 'hip-replacement',
    phase: 'middle',
    why: 'Strength for chairs and stairs, abductor strength against the limp that often follows, and side-stepping for balance.',
    exercises: [
      'sit-to-stand',
      'side-lying-hip-abduction',
      'step-up',
      'band-side-step',
      'sideways-walk',
    ],
  },
  {
    condition: 'hip-replacement',
    phase: 'late',
    why: 'Loaded and single-leg hip strength, and getting up without the hands, for full daily activity.',
    exercises: [
      'sit-to-stand-no-hands',
      'step-up',
      'single-leg-bridge',
      'standing-hip-abduction-weight',
      'bridge-march',
    ],
  },
  {
    condition: 'low-back-pain',
    phase: 'early',
    why: 'Gentle movement of the spine in comfortable directions and a first abdominal brace: staying active helps acute back pain more than rest. Swap in a prone press-up for a patient who eases with extension.',
    exercises: [
      'pelvic-tilt',
      'knee-to-chest',
      'lower-trunk-rotation',
      'cat-camel',
      'abdominal-brace',
    ],
  },
  {
    condition: 'low-back-pain',
    phase: 'middle',
    why: 'Trunk control and endurance (bird dog, dead bug, side plank), hip strength, and the hip hinge that spares the back when bending.',
    exercises: [
      'bird-dog',
      'dead-bug',
      'bridge',
      'side-plank-knees',
      'hip-hinge',
      'half-kneeling-hip-flexor-stretch',
    ],
  },
  {
    condition: 'low-back-pain',
    phase: 'late',
    why: 'Full planks and back extensor endurance, then lifting from the floor with the hinge learnt before: back to loading the spine with confidence.',
    exercises: ['front-plank', 'side-plank', 'prone-arm-leg-lift', 'hip-hinge', 'floor-lift'],
  },
  {
    condition: 'neck-pain',
    phase: 'early',
    why: 'Deep neck flexor activation (chin tucks), gentle rotation within comfort, and shoulder blade work with a stretch for the muscles that tighten with neck pain.',
    exercises: [
      'chin-tuck',
      'supine-chin-tuck',
      'neck-rotation',
      'scapular-squeeze',
      'levator-scapulae-stretch',
    ],
  },
  {
    condition: 'neck-pain',
    phase: 'middle',
    why: 'Neck and upper back strength together (chin tucks, band rows), as the guidance for neck pain recommends, with stretches for the neck’s side and the chest.',
    exercises: [
      'chin-tuck',
      'neck-side-bend-stretch',
      'scapular-squeeze',
      'band-row',
      'doorway-pec-stretch',
    ],
  },
  {
    condition: 'neck-pain',
    phase: 'late',
    why: 'Deep neck flexor endurance against gravity (chin tuck with head lift) and upper back strength, with the stretches kept as daily upkeep.',
    exercises: [
      'chin-tuck-head-lift',
      'band-row',
      'levator-scapulae-stretch',
      'neck-side-bend-stretch',
      'doorway-pec-stretch',
    ],
  },
  {
    condition: 'shoulder-impingement',
    phase: 'early',
    why: 'Pain-free motion (pendulum, table slide, assisted raising), rotator cuff work without movement, and shoulder blade control.',
    exercises: [
      'pendulum',
      'table-slide',
      'supine-assisted-flexion',
      'isometric-external-rotation',
      'scapular-squeeze',
    ],
  },
  {
    condition: 'shoulder-impingement',
    phase: 'middle',
    why: 'Rotator cuff strength (external rotation with a band and lying on the side), shoulder blade strength, and the back-of-shoulder stretch that eases the pinch.',
    exercises: [
      'wall-slide',
      'band-external-rotation',
      'side-lying-external-rotation',
      'band-row',
      'cross-body-stretch',
    ],
  },
  {
    condition: 'shoulder-impingement',
    phase: 'late',
    why: 'Strength above shoulder height (prone Y, scaption), rotator cuff strength both ways, and the sleeper stretch for a tight back of the shoulder.',
    exercises: [
      'prone-y',
      'scaption-raise',
      'band-external-rotation',
      'band-internal-rotation',
      'sleeper-stretch',
    ],
  },
  {
    condition: 'rotator-cuff-repair',
    phase: 'early',
    why: 'Protect the repair: passive and assisted motion only (pendulum, table slide, assisted raising and rotation), elbow range out of the sling, and shoulder blade setting. No resisted cuff work yet.',
    exercises: [
      'pendulum',
      'table-slide',
      'supine-assisted-flexion',
      'assisted-external-rotation',
      'elbow-bend-range',
      'scapular-squeeze',
    ],
  },
  {
    condition: 'rotator-cuff-repair',
    phase: 'middle',
    why: 'From assisted to active motion, and the first gentle cuff work (isometric, then side-lying rotation), as the surgeon’s protocol allows.',
    exercises: [
      'supine-active-flexion',
      'wall-slide',
      'isometric-external-rotation',
      'side-lying-external-rotation',
      'towel-internal-rotation-stretch',
    ],
  },
  {
    condition: 'rotator-cuff-repair',
    phase: 'late',
    why: 'Rotator cuff and shoulder blade strength against bands and through raising, for lifting and reaching overhead again.',
    exercises: [
      'band-external-rotation',
      'band-internal-rotation',
      'scaption-raise',
      'prone-y',
      'band-row',
    ],
  },
  {
    condition: 'frozen-shoulder',
    phase: 'early',
    why: 'Gentle, assisted range in every direction within tolerable pain: in the painful stage, stretching hard makes it worse.',
    exercises: [
      'pendulum',
      'table-slide',
      'supine-assisted-flexion',
      'assisted-external-rotation',
      'finger-wall-walk',
    ],
  },
  {
    condition: 'frozen-shoulder',
    phase: 'middle',
    why: 'As the pain settles: active raising and longer stretches into rotation and across the body, the directions a frozen shoulder loses most.',
    exercises: [
      'wall-slide',
      'supine-active-flexion',
      'assisted-external-rotation',
      'cross-body-stretch',
      'towel-internal-rotation-stretch',
    ],
  },
  {
    condition: 'frozen-shoulder',
    phase: 'late',
    why: 'Firmer end-range stretches with rotator cuff strength, to keep and use the range regained.',
    exercises: [
      'sleeper-stretch',
      'cross-body-stretch',
      'towel-internal-rotation-stretch',
      'band-external-rotation',
      'band-internal-rotation',
      'scaption-raise',
    ],
  },
  {
    condition: 'ankle-sprain',
    phase: 'early',
    why: 'Early movement after a sprain: ankle range (pumps, alphabet), a calf stretch, the small foot muscles, sitting heel raises and first weight shifting.',
    exercises: [
      'ankle-pumps',
      'ankle-alphabet',
      'towel-calf-stretch',
      'towel-scrunch',
      'seated-heel-raise',
      'weight-shift',
    ],
  },
  {
    condition: 'ankle-sprain',
    phase: 'middle',
    why: 'Strength against a band and body weight, calf length, and balance: balance training lowers the risk of spraining the ankle again.',
    exercises: [
      'band-ankle-dorsiflexion',
      'calf-raise',
      'wall-calf-stretch',
      'single-leg-stance',
      'tandem-walk',
    ],
  },
  {
    condition: 'ankle-sprain',
    phase: 'late',
    why: 'Single-leg strength and balance without support, and reaching on one leg, the control needed for uneven ground and sport.',
    exercises: [
      'single-leg-heel-raise',
      'single-leg-reach',
      'single-leg-stance-no-support',
      'knee-to-wall',
      'heel-walk',
    ],
  },
  {
    condition: 'plantar-fasciitis',
    phase: 'early',
    why: 'The plantar fascia and calf stretches the guidance recommends, first thing in the morning, with the small foot muscles and light calf work sitting.',
    exercises: [
      'plantar-fascia-stretch',
      'towel-calf-stretch',
      'towel-scrunch',
      'seated-heel-raise',
      'wall-calf-stretch',
    ],
  },
  {
    condition: 'plantar-fasciitis',
    phase: 'middle',
    why: 'Stretches of both calf muscles and the fascia kept up, and standing calf raises to start loading the foot.',
    exercises: [
      'plantar-fascia-stretch',
      'wall-calf-stretch',
      'soleus-stretch',
      'calf-raise',
      'towel-scrunch',
    ],
  },
  {
    condition: 'plantar-fasciitis',
    phase: 'late',
    why: 'Heavier, slower calf loading (single-leg and off a step), which strengthens the fascia, with ankle range and calf length kept.',
    exercises: [
      'step-heel-raise',
      'single-leg-heel-raise',
      'soleus-stretch',
      'wall-calf-stretch',
      'knee-to-wall',
    ],
  },
  {
    condition: 'falls-prevention',
    phase: 'early',
    why: 'Leg strength seated and at a counter, and standing balance with a narrow base, safe to do alone: strength and balance together are what lower falls.',
    exercises: [
      'seated-march',
      'seated-heel-toe-raise',
      'weight-shift',
      'feet-together-stance',
      'standing-march',
      'standing-hip-abduction',
    ],
  },
  {
    condition: 'falls-prevention',
    phase: 'middle',
    why: 'Chair rises and calf raises for strength, tandem and single-leg standing, side-stepping and reaching: the balance challenges the fall-prevention programs build on.',
    exercises: [
      'sit-to-stand',
      'tandem-stance',
      'single-leg-stance',
      'calf-raise',
      'sideways-walk',
      'functional-reach',
    ],
  },
  {
    condition: 'falls-prevention',
    phase: 'late',
    why: 'Harder balance (walking heel to toe, standing on one leg without support, walking backwards) with strength for getting up and stepping high.',
    exercises: [
      'sit-to-stand-no-hands',
      'tandem-walk',
      'single-leg-stance-no-support',
      'step-up-knee-drive',
      'backward-walk',
      'single-leg-heel-raise',
    ],
  },
  {
    condition: 'posture',
    phase: 'early',
    why: 'Awareness and gentle movement: chin tucks and shoulder blade squeezes to find the upright position, with spine mobility and a neck stretch.',
    exercises: [
      'chin-tuck',
      'scapular-squeeze',
      'seated-trunk-rotation',
      'cat-camel',
      'levator-scapulae-stretch',
    ],
  },
  {
    condition: 'posture',
    phase: 'middle',
    why: 'Upper back strength (band rows, wall slides) and a chest stretch to hold the shoulders back, with trunk control.',
    exercises: ['chin-tuck', 'band-row', 'wall-slide', 'doorway-pec-stretch', 'bird-dog'],
  },
  {
    condition: 'posture',
    phase: 'late',
    why: 'Endurance of the muscles that hold posture against gravity (prone Y, head lift, back extensors) and the hip flexor length long sitting takes away.',
    exercises: [
      'prone-y',
      'chin-tuck-head-lift',
      'band-row',
      'prone-arm-leg-lift',
      'half-kneeling-hip-flexor-stretch',
    ],
  },
];
