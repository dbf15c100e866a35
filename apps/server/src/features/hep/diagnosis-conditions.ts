/**
 * The catalogue condition an ICD-10-CM diagnosis names (issue 32 item 5): which of the physical-
 * therapy catalogue's CONDITIONS (contract library/catalogue-entry.ts) a clinician would treat a
 * patient with this code for, so recommendations can read the catalogue's clinical tags.
 *
 * Source and logic: the ICD-10-CM 2026 code set the server ships (assets/icd10cm, every prefix
 * below is checked against it in the test). A prefix is listed at the depth where the code names
 * the condition, and the longest listed prefix wins, as in icd10-regions.ts. Choices a clinician
 * might make otherwise, and why:
 * - A rotator cuff tear (M75.1-, S46.01-) maps to the repair's program: outpatient therapy sees
 *   most cuff tears after their repair, and the repair protocol is the cautious one, so a tear
 *   treated without surgery is never given more than it should in its early weeks.
 * - An ACL sprain (S83.50-, S83.51-, M23.61-) maps to the ACL program, which serves the
 *   reconstructed knee and the one treated without surgery alike (the JOSPT knee ligament
 *   guideline covers both); other cruciate and collateral sprains are left to their region.
 * - The code set indexes plantar fasciitis to M72.2 (plantar fascial fibromatosis); a heel spur
 *   (M77.3-) is treated the same way.
 * - Falls prevention is for gait and balance problems and a history of falls; generalized
 *   weakness (M62.81) names no condition and falls back to its region (balance).
 * - Aftercare after a joint replacement (Z47.1) names no joint: only Z96.64-/Z96.65- do.
 */
import type { Condition, Region } from '@homestretch/contract/library/catalogue-entry';
import { type DiagnosisRegion, normalizeIcd10Code, regionOf } from './icd10-regions';

type Entry = readonly [prefix: string, condition: Condition];

/** Exported for the tests that each prefix is a real code and is listed once. */
export const ICD10_CONDITIONS: readonly Entry[] = [
  // Knee
  ['M17', 'knee-osteoarthritis'],
  ['Z9665', 'knee-replacement'],
  ['S8350', 'acl-reconstruction'], // unspecified cruciate: the ACL is the one usually torn
  ['S8351', 'acl-reconstruction'],
  ['M2361', 'acl-reconstruction'], // spontaneous ACL disruption
  ['M222', 'patellofemoral-pain'], // patellofemoral disorders
  ['M224', 'patellofemoral-pain'], // chondromalacia patellae
  // Hip
  ['M16', 'hip-osteoarthritis'],
  ['Z9664', 'hip-replacement'],
  // Low back: pain, sciatica, lumbar radiculopathy, discs, stenosis, spondylosis, sprain
  ['M543', 'low-back-pain'],
  ['M544', 'low-back-pain'],
  ['M545', 'low-back-pain'],
  ['M5416', 'low-back-pain'],
  ['M5417', 'low-back-pain'],
  ['M5126', 'low-back-pain'],
  ['M5127', 'low-back-pain'],
  ['M5136', 'low-back-pain'],
  ['M5137', 'low-back-pain'],
  ['M4316', 'low-back-pain'],
  ['M4317', 'low-back-pain'],
  ['M4806', 'low-back-pain'],
  ['M4807', 'low-back-pain'],
  ['M47816', 'low-back-pain'],
  ['M47817', 'low-back-pain'],
  ['S335', 'low-back-pain'],
  ['S39012', 'low-back-pain'],
  // Neck: cervicalgia, cervical radiculopathy, discs, spondylosis, whiplash sprain and strain
  ['M542', 'neck-pain'],
  ['M5412', 'neck-pain'],
  ['M50', 'neck-pain'], // cervical disc disorders
  ['M4802', 'neck-pain'], // cervical stenosis
  ['M47812', 'neck-pain'],
  ['S134', 'neck-pain'],
  ['S161', 'neck-pain'],
  // Shoulder
  ['M754', 'shoulder-impingement'],
  ['M755', 'shoulder-impingement'], // subacromial bursitis
  ['M751', 'rotator-cuff-repair'],
  ['S4601', 'rotator-cuff-repair'],
  ['M750', 'frozen-shoulder'], // adhesive capsulitis
  // Ankle and foot
  ['S934', 'ankle-sprain'],
  ['M2537', 'ankle-sprain'], // instability after sprains
  ['M722', 'plantar-fasciitis'],
  ['M773', 'plantar-fasciitis'],
  // Balance and falls
  ['R26', 'falls-prevention'], // gait and mobility: ataxic, difficulty walking, unsteady
  ['R296', 'falls-prevention'], // repeated falls
  ['Z9181', 'falls-prevention'], // history of falling
  // Posture
  ['M400', 'posture'], // postural kyphosis
  ['M402', 'posture'], // other and unspecified kyphosis
  ['M404', 'posture'], // postural lordosis
];

const BY_PREFIX = new Map<string, Condition>(ICD10_CONDITIONS);
const LONGEST_PREFIX = Math.max(...ICD10_CONDITIONS.map(([prefix]) => prefix.length));

/** The catalogue condition of a code, by the longest listed prefix; null when none is listed. */
export function conditionOf(code: string): Condition | null {
  const normalized = normalizeIcd10Code(code);
  for (let length = Math.min(normalized.length, LONGEST_PREFIX); length >= 3; length -= 1) {
    const found = BY_PREFIX.get(normalized.slice(0, length));
    if (found) {
      return found;
    }
  }
  return null;
}

/** The catalogue region whose exercises a condition's program is mostly made of. */
export const REGION_OF_CONDITION: Record<Condition, Region> = {
  'knee-osteoarthritis': 'knee',
  'knee-replacement': 'knee',
  'acl-reconstruction': 'knee',
  'patellofemoral-pain': 'knee',
  'hip-osteoarthritis': 'hip',
  'hip-replacement': 'hip',
  'low-back-pain': 'back',
  'neck-pain': 'neck',
  'shoulder-impingement': 'shoulder',
  'rotator-cuff-repair': 'shoulder',
  'frozen-shoulder': 'shoulder',
  'ankle-sprain': 'ankle-foot',
  'plantar-fasciitis': 'ankle-foot',
  'falls-prevention': 'balance',
  posture: 'posture',
};

/**
 * The catalogue region of a diagnosis region (icd10-regions.ts), for a code that names no
 * condition. A thoracic back problem is treated with the posture exercises (extension, shoulder
 * blades), the catalogue's back exercises being the low back's; the catalogue has no arm, core or
 * pelvic-floor exercises, so those regions have none.
 */
export function catalogueRegionOf(region: DiagnosisRegion): Region | null {
  switch (region.region) {
    case 'Knee and thigh':
      return 'knee';
    case 'Hip and glutes':
      return 'hip';
    case 'Back':
      return region.site === 'thoracic' ? 'posture' : 'back';
    case 'Neck':
      return 'neck';
    case 'Shoulder':
      return 'shoulder';
    case 'Ankle and calf':
      return 'ankle-foot';
    case 'Full body':
      return 'balance';
    case 'Arm, chest and wrist':
    case 'Core':
    case 'Other':
      return null;
  }
}

/** What a diagnosis code tells the recommendations: its condition, else its region, else nothing. */
export type DiagnosisReading =
  | { kind: 'condition'; code: string; condition: Condition; region: DiagnosisRegion | null }
  | { kind: 'region'; code: string; catalogueRegion: Region; region: DiagnosisRegion }
  | { kind: 'none'; code: string | null; region: DiagnosisRegion | null };

export function readDiagnosis(typed: string | null): DiagnosisReading {
  if (typed === null) {
    return { kind: 'none', code: null, region: null };
  }
  const code = normalizeIcd10Code(typed);
  const region = regionOf(code);
  const condition = conditionOf(code);
  if (condition !== null) {
    return { kind: 'condition', code, condition, region };
  }
  const catalogueRegion = region === null ? null : catalogueRegionOf(region);
  if (region !== null && catalogueRegion !== null) {
    return { kind: 'region', code, catalogueRegion, region };
  }
  return { kind: 'none', code, region };
}
