/**
 * The body region an ICD-10-CM diagnosis names, for recommendations (issue 12).
 *
 * Source and logic: the ICD-10-CM 2026 tabular list (assets/icd10cm, CMS). Chapter XIII
 * (M00–M99) and chapter XIX (S00–T88) codes carry their site in the category (M17 knee
 * osteoarthritis, S83 knee sprain) or in a later character (M54.16 lumbar radiculopathy, M25.51-
 * shoulder pain, M47.81- spondylosis by spinal level); we list the prefix at the depth where the
 * site is named, and the longest listed prefix of a code wins (M54 dorsalgia → Back, but M54.2
 * cervicalgia → Neck). Codes without a site, as aftercare after joint replacement (Z47.1), have
 * no entry, unless the site is the whole body: gait, balance, falls, weakness and neurological
 * conditions, whose programs are whole-body (Full body). The regions are the library's BODY_PARTS;
 * `site` is the finer word a therapist reads in the reason ("Back (lumbar)").
 *
 * Coverage: the common outpatient physical-therapy diagnoses (spine, shoulder, elbow, wrist and
 * hand, hip, knee, ankle and foot, pelvic floor, balance and neurological), not every code.
 */
import type { BodyPart } from '@homestretch/contract/library/video';

export interface DiagnosisRegion {
  region: BodyPart;
  /** The finer place, in a therapist's words: "lumbar", "rotator cuff". */
  site: string;
}

type Entry = readonly [prefix: string, region: BodyPart, site: string];

/** Exported for the test that no prefix is listed twice (a later one would silently win). */
export const ICD10_REGIONS: readonly Entry[] = [
  // ── Spine: dorsalgia, discs, spondylosis, stenosis, deformity ──
  ['M54', 'Back', 'spine'], // dorsalgia
  ['M541', 'Back', 'spine'], // radiculopathy, by level below
  ['M5411', 'Neck', 'upper cervical'],
  ['M5412', 'Neck', 'cervical'],
  ['M5413', 'Neck', 'cervicothoracic'],
  ['M5414', 'Back', 'thoracic'],
  ['M5415', 'Back', 'thoracolumbar'],
  ['M5416', 'Back', 'lumbar'],
  ['M5417', 'Back', 'lumbosacral'],
  ['M5418', 'Back', 'sacral'],
  ['M542', 'Neck', 'cervical'], // cervicalgia
  ['M543', 'Back', 'lumbar'], // sciatica
  ['M544', 'Back', 'lumbar'], // lumbago with sciatica
  ['M545', 'Back', 'lumbar'], // low back pain
  ['M546', 'Back', 'thoracic'],
  ['M5481', 'Neck', 'occipital'],
  ['M50', 'Neck', 'cervical'], // cervical disc disorders
  ['M51', 'Back', 'lumbar'], // thoracic, thoracolumbar and lumbosacral discs: mostly lumbar
  ['M5104', 'Back', 'thoracic'],
  ['M5114', 'Back', 'thoracic'],
  ['M5124', 'Back', 'thoracic'],
  ['M5134', 'Back', 'thoracic'],
  ['M5144', 'Back', 'thoracic'],
  ['M5184', 'Back', 'thoracic'],
  ['M40', 'Back', 'thoracic'], // kyphosis and lordosis
  ['M41', 'Back', 'spine'], // scoliosis
  ['M43', 'Back', 'spine'],
  ['M4312', 'Neck', 'cervical'],
  ['M4316', 'Back', 'lumbar'], // spondylolisthesis
  ['M4317', 'Back', 'lumbosacral'],
  ['M436', 'Neck', 'cervical'], // torticollis
  ['M461', 'Back', 'sacroiliac'], // sacroiliitis
  ['M47', 'Back', 'spine'], // spondylosis, by level below
  ['M4701', 'Neck', 'cervical'],
  ['M4702', 'Neck', 'cervical'],
  ['M4712', 'Neck', 'cervical'],
  ['M4722', 'Neck', 'cervical'],
  ['M47811', 'Neck', 'upper cervical'],
  ['M47812', 'Neck', 'cervical'],
  ['M47813', 'Neck', 'cervicothoracic'],
  ['M47814', 'Back', 'thoracic'],
  ['M47815', 'Back', 'thoracolumbar'],
  ['M47816', 'Back', 'lumbar'],
  ['M47817', 'Back', 'lumbosacral'],
  ['M47892', 'Neck', 'cervical'],
  ['M47896', 'Back', 'lumbar'],
  ['M48', 'Back', 'spine'], // spinal stenosis, by level below
  ['M4801', 'Neck', 'upper cervical'],
  ['M4802', 'Neck', 'cervical'],
  ['M4803', 'Neck', 'cervicothoracic'],
  ['M4804', 'Back', 'thoracic'],
  ['M4805', 'Back', 'thoracolumbar'],
  ['M4806', 'Back', 'lumbar'],
  ['M4807', 'Back', 'lumbosacral'],
  ['M53', 'Back', 'spine'],
  ['M530', 'Neck', 'cervical'], // cervicocranial syndrome
  ['M531', 'Neck', 'cervical'], // cervicobrachial syndrome
  ['M533', 'Back', 'sacrococcygeal'],
  ['M5382', 'Neck', 'cervical'],
  ['M62830', 'Back', 'spine'], // muscle spasm of back
  ['M9901', 'Neck', 'cervical'], // segmental dysfunction
  ['M9902', 'Back', 'thoracic'],
  ['M9903', 'Back', 'lumbar'],
  ['M9904', 'Back', 'sacral'],
  ['S12', 'Neck', 'cervical'], // cervical fracture
  ['S13', 'Neck', 'cervical'], // cervical sprain
  ['S14', 'Neck', 'cervical'],
  ['S16', 'Neck', 'cervical'], // neck muscle strain
  ['S220', 'Back', 'thoracic'], // thoracic vertebra fracture
  ['S23', 'Back', 'thoracic'],
  ['S32', 'Back', 'lumbar'], // lumbar spine and pelvis fractures: the spine ones
  ['S321', 'Back', 'sacral'],
  ['S322', 'Back', 'coccyx'],
  ['S323', 'Hip and glutes', 'pelvis'],
  ['S324', 'Hip and glutes', 'acetabulum'],
  ['S325', 'Hip and glutes', 'pelvis'],
  ['S326', 'Hip and glutes', 'pelvis'],
  ['S328', 'Hip and glutes', 'pelvis'],
  ['S33', 'Back', 'lumbar'], // lumbar and pelvic sprain
  ['S390', 'Back', 'lumbar'], // lower back muscle strain
  // ── Shoulder ──
  ['M75', 'Shoulder', 'shoulder'], // shoulder lesions: capsulitis, rotator cuff, impingement
  ['M1901', 'Shoulder', 'shoulder'],
  ['M2441', 'Shoulder', 'shoulder'], // recurrent dislocation
  ['M2531', 'Shoulder', 'shoulder'], // instability
  ['M2551', 'Shoulder', 'shoulder'], // pain
  ['M2561', 'Shoulder', 'shoulder'], // stiffness
  ['S40', 'Shoulder', 'shoulder'],
  ['S420', 'Shoulder', 'clavicle'],
  ['S421', 'Shoulder', 'scapula'],
  ['S422', 'Shoulder', 'proximal humerus'],
  ['S43', 'Shoulder', 'shoulder'], // shoulder dislocation and sprain, labrum
  ['S46', 'Shoulder', 'rotator cuff'],
  ['Z9661', 'Shoulder', 'shoulder replacement'],
  // ── Elbow, forearm, wrist and hand ──
  ['G560', 'Arm, chest and wrist', 'wrist'], // carpal tunnel syndrome
  ['G56', 'Arm, chest and wrist', 'arm'], // upper-limb mononeuropathies
  ['G562', 'Arm, chest and wrist', 'elbow'], // ulnar nerve
  ['M18', 'Arm, chest and wrist', 'thumb'], // first carpometacarpal osteoarthritis
  ['M1902', 'Arm, chest and wrist', 'elbow'],
  ['M1903', 'Arm, chest and wrist', 'wrist'],
  ['M1904', 'Arm, chest and wrist', 'hand'],
  ['M2552', 'Arm, chest and wrist', 'elbow'],
  ['M2553', 'Arm, chest and wrist', 'wrist'],
  ['M2554', 'Arm, chest and wrist', 'hand'],
  ['M2562', 'Arm, chest and wrist', 'elbow'],
  ['M2563', 'Arm, chest and wrist', 'wrist'],
  ['M2564', 'Arm, chest and wrist', 'hand'],
  ['M653', 'Arm, chest and wrist', 'finger'], // trigger finger
  ['M654', 'Arm, chest and wrist', 'wrist'], // de Quervain
  ['M702', 'Arm, chest and wrist', 'elbow'], // olecranon bursitis
  ['M703', 'Arm, chest and wrist', 'elbow'],
  ['M720', 'Arm, chest and wrist', 'hand'], // Dupuytren
  ['M770', 'Arm, chest and wrist', 'elbow'], // medial epicondylitis
  ['M771', 'Arm, chest and wrist', 'elbow'], // lateral epicondylitis
  ['M7963', 'Arm, chest and wrist', 'forearm'],
  ['M7964', 'Arm, chest and wrist', 'hand'],
  ['S223', 'Arm, chest and wrist', 'ribs'],
  ['S224', 'Arm, chest and wrist', 'ribs'],
  ['S423', 'Arm, chest and wrist', 'upper arm'],
  ['S424', 'Arm, chest and wrist', 'elbow'],
  ['S52', 'Arm, chest and wrist', 'forearm and wrist'], // distal radius fractures among them
  ['S53', 'Arm, chest and wrist', 'elbow'],
  ['S56', 'Arm, chest and wrist', 'forearm'],
  ['S62', 'Arm, chest and wrist', 'wrist and hand'],
  ['S63', 'Arm, chest and wrist', 'wrist and hand'],
  ['S66', 'Arm, chest and wrist', 'wrist and hand'],
  ['Z9662', 'Arm, chest and wrist', 'elbow replacement'],
  ['Z9663', 'Arm, chest and wrist', 'wrist replacement'],
  // ── Hip and pelvis ──
  ['M16', 'Hip and glutes', 'hip'], // hip osteoarthritis
  ['M2455', 'Hip and glutes', 'hip'], // contracture
  ['M2555', 'Hip and glutes', 'hip'], // pain
  ['M2565', 'Hip and glutes', 'hip'], // stiffness
  ['M700', 'Hip and glutes', 'hip'],
  ['M706', 'Hip and glutes', 'hip'], // trochanteric bursitis
  ['M707', 'Hip and glutes', 'hip'],
  ['M760', 'Hip and glutes', 'gluteal'], // gluteal tendinitis
  ['M761', 'Hip and glutes', 'hip flexor'], // psoas tendinitis
  ['M762', 'Hip and glutes', 'hip'],
  ['S70', 'Hip and glutes', 'hip'],
  ['S72', 'Hip and glutes', 'hip'], // femur fractures: neck and trochanter
  ['S723', 'Knee and thigh', 'thigh'], // femoral shaft
  ['S724', 'Knee and thigh', 'knee'], // lower end of femur
  ['S73', 'Hip and glutes', 'hip'], // hip dislocation and sprain
  ['S760', 'Hip and glutes', 'hip'],
  ['S762', 'Hip and glutes', 'groin'], // adductor strain
  ['Z9664', 'Hip and glutes', 'hip replacement'],
  // ── Knee and thigh ──
  ['M17', 'Knee and thigh', 'knee'], // knee osteoarthritis
  ['M1906', 'Knee and thigh', 'knee'],
  ['M22', 'Knee and thigh', 'patella'],
  ['M23', 'Knee and thigh', 'knee'], // internal derangement: meniscus, ligaments
  ['M2536', 'Knee and thigh', 'knee'], // instability
  ['M2556', 'Knee and thigh', 'knee'], // pain
  ['M2566', 'Knee and thigh', 'knee'], // stiffness
  ['M704', 'Knee and thigh', 'knee'], // prepatellar bursitis
  ['M705', 'Knee and thigh', 'knee'],
  ['M712', 'Knee and thigh', 'knee'], // Baker's cyst
  ['M763', 'Knee and thigh', 'iliotibial band'],
  ['M764', 'Knee and thigh', 'knee'],
  ['M765', 'Knee and thigh', 'patellar tendon'],
  ['S76', 'Knee and thigh', 'thigh'], // quadriceps and hamstring strains
  ['S80', 'Knee and thigh', 'knee'],
  ['S820', 'Knee and thigh', 'patella'],
  ['S821', 'Knee and thigh', 'tibial plateau'],
  ['S83', 'Knee and thigh', 'knee'], // knee dislocation, sprain, meniscus tears
  ['Z9665', 'Knee and thigh', 'knee replacement'],
  // ── Ankle, calf and foot ──
  ['M1907', 'Ankle and calf', 'ankle and foot'],
  ['M201', 'Ankle and calf', 'foot'], // hallux valgus
  ['M214', 'Ankle and calf', 'foot'], // flat foot
  ['M2537', 'Ankle and calf', 'ankle'], // instability
  ['M2557', 'Ankle and calf', 'ankle and foot'], // pain
  ['M2567', 'Ankle and calf', 'ankle'], // stiffness
  ['M62831', 'Ankle and calf', 'calf'], // calf cramp
  ['M722', 'Ankle and calf', 'foot'], // plantar fasciitis
  ['M766', 'Ankle and calf', 'Achilles tendon'],
  ['M767', 'Ankle and calf', 'ankle'], // peroneal tendinitis
  ['M7681', 'Ankle and calf', 'shin'], // anterior tibial syndrome
  ['M7682', 'Ankle and calf', 'ankle'], // posterior tibial tendinitis
  ['M773', 'Ankle and calf', 'heel'], // calcaneal spur
  ['M774', 'Ankle and calf', 'foot'], // metatarsalgia
  ['M7966', 'Ankle and calf', 'lower leg'],
  ['M7967', 'Ankle and calf', 'foot'],
  ['S82', 'Ankle and calf', 'lower leg and ankle'], // tibia, fibula and malleolar fractures
  ['S86', 'Ankle and calf', 'calf'], // Achilles and calf injuries
  ['S92', 'Ankle and calf', 'foot'],
  ['S93', 'Ankle and calf', 'ankle'], // ankle sprain
  ['S96', 'Ankle and calf', 'ankle and foot'],
  ['Z9666', 'Ankle and calf', 'ankle replacement'],
  // ── Pelvic floor and abdominal wall ──
  ['M6208', 'Core', 'abdominal wall'], // diastasis recti
  ['N393', 'Core', 'pelvic floor'], // stress incontinence
  ['N3946', 'Core', 'pelvic floor'],
  ['N81', 'Core', 'pelvic floor'], // prolapse
  ['R32', 'Core', 'pelvic floor'],
  // ── Whole body: balance, gait, falls, bone health, neurological ──
  ['G20', 'Full body', 'balance and movement'], // Parkinson's disease
  ['G35', 'Full body', 'balance and movement'], // multiple sclerosis
  ['H811', 'Full body', 'balance'], // BPPV
  ['I63', 'Full body', 'balance and movement'], // stroke
  ['I69', 'Full body', 'balance and movement'], // after a stroke
  ['M05', 'Full body', 'joints'], // rheumatoid arthritis
  ['M06', 'Full body', 'joints'],
  ['M15', 'Full body', 'joints'], // polyosteoarthritis
  ['M6281', 'Full body', 'general strength'], // generalized muscle weakness
  ['M797', 'Full body', 'widespread pain'], // fibromyalgia
  ['M80', 'Full body', 'bone health'], // osteoporosis with fracture
  ['M81', 'Full body', 'bone health'],
  ['R26', 'Full body', 'gait and balance'],
  ['R27', 'Full body', 'balance'],
  ['R296', 'Full body', 'balance'], // repeated falls
  ['R42', 'Full body', 'balance'], // dizziness
  ['R531', 'Full body', 'general strength'], // weakness
  ['Z9181', 'Full body', 'balance'], // history of falling
];

const BY_PREFIX = new Map<string, DiagnosisRegion>(
  ICD10_REGIONS.map(([prefix, region, site]) => [prefix, { region, site }]),
);
const LONGEST_PREFIX = Math.max(...ICD10_REGIONS.map(([prefix]) => prefix.length));

/** The code as the table holds it: upper case, no dot, no spaces (M54.50 → M5450). */
export function normalizeIcd10Code(code: string): string {
  return code.replace(/[\s.]/g, '').toUpperCase();
}

/** The body region of a code, by the longest listed prefix; null when the table has none. */
export function regionOf(code: string): DiagnosisRegion | null {
  const normalized = normalizeIcd10Code(code);
  for (let length = Math.min(normalized.length, LONGEST_PREFIX); length >= 3; length -= 1) {
    const found = BY_PREFIX.get(normalized.slice(0, length));
    if (found) {
      return found;
    }
  }
  return null;
}
