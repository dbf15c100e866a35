/**
 * The fictional people of the demo clinics. Names are varied on purpose, including accented
 * ones (José Núñez, Zoë Brontë), an apostrophe and a hyphen, so accent-insensitive patient search
 * can be tried on real-looking data. Any resemblance to real persons is coincidental.
 */
import type { GENDERS } from '@homestretch/contract/patients/patient';
import type { ExtraMetric } from './demo-health';

/**
 * Diagnoses a PT clinic sees often, with the official FY2026 ICD-10-CM long description
 * (assets/icd10cm). Codes are stored without the dot, as in the code file (M54.50 → M5450);
 * the seed test checks each one against the loaded code set.
 */
export const DIAGNOSES = {
  M5450: 'Low back pain, unspecified',
  M5459: 'Other low back pain',
  M5416: 'Radiculopathy, lumbar region',
  M5417: 'Radiculopathy, lumbosacral region',
  M5126: 'Other intervertebral disc displacement, lumbar region',
  M48062: 'Spinal stenosis, lumbar region with neurogenic claudication',
  M4316: 'Spondylolisthesis, lumbar region',
  M542: 'Cervicalgia',
  M50322: 'Other cervical disc degeneration at C5-C6 level',
  S134XXD: 'Sprain of ligaments of cervical spine, subsequent encounter',
  M7541: 'Impingement syndrome of right shoulder',
  M7502: 'Adhesive capsulitis of left shoulder',
  M75111: 'Incomplete rotator cuff tear or rupture of right shoulder, not specified as traumatic',
  M25512: 'Pain in left shoulder',
  S43431D: 'Superior glenoid labrum lesion of right shoulder, subsequent encounter',
  M7711: 'Lateral epicondylitis, right elbow',
  G5601: 'Carpal tunnel syndrome, right upper limb',
  M1711: 'Unilateral primary osteoarthritis, right knee',
  M170: 'Bilateral primary osteoarthritis of knee',
  M25561: 'Pain in right knee',
  S83511D: 'Sprain of anterior cruciate ligament of right knee, subsequent encounter',
  S83241D: 'Other tear of medial meniscus, current injury, right knee, subsequent encounter',
  Z96651: 'Presence of right artificial knee joint',
  Z96652: 'Presence of left artificial knee joint',
  M1612: 'Unilateral primary osteoarthritis, left hip',
  Z96641: 'Presence of right artificial hip joint',
  M7062: 'Trochanteric bursitis, left hip',
  M25551: 'Pain in right hip',
  M7631: 'Iliotibial band syndrome, right leg',
  M7661: 'Achilles tendinitis, right leg',
  M722: 'Plantar fascial fibromatosis',
  S93401D: 'Sprain of unspecified ligament of right ankle, subsequent encounter',
  Z471: 'Aftercare following joint replacement surgery',
  R2681: 'Unsteadiness on feet',
  R262: 'Difficulty in walking, not elsewhere classified',
  Z9181: 'History of falling',
  M810: 'Age-related osteoporosis without current pathological fracture',
  M6281: 'Muscle weakness (generalized)',
  I69351: 'Hemiplegia and hemiparesis following cerebral infarction affecting right dominant side',
  G20A1: "Parkinson's disease without dyskinesia, without mention of fluctuations",
} as const;
export type DiagnosisCode = keyof typeof DIAGNOSES;

/** Who on the demo team looks after a patient: the staff therapist, the remote PT, or both. */
export type CareTeam = 'therapist' | 'remote' | 'both';

export interface DemoPatientSpec {
  firstName: string;
  lastName: string;
  gender: (typeof GENDERS)[number];
  age: number;
  code: DiagnosisCode;
  /** Apple-Watch-like wearables send vitals and sleep; a phone alone sends movement only. */
  device: 'watch' | 'phone';
  extras?: readonly ExtraMetric[];
  onboardedDaysAgo: number;
  team: CareTeam;
  rtmCovered?: false;
  dischargedDaysAgo?: number;
  /** Days with no data at all up to today, so the "no activity" banners have someone to show. */
  quietDays?: number;
}

/**
 * Riverside's patients, one per line so the list reads as a table (hence prettier-ignore).
 * The first one is the demo patient account's own record. About a tenth are discharged, a few
 * are not RTM-covered, a few have gone quiet.
 */
// prettier-ignore
export const DEMO_PATIENTS: readonly DemoPatientSpec[] = [
  { firstName: 'Maria', lastName: 'Alvarez', gender: 'female', age: 46, code: 'M5450', device: 'watch', extras: ['cycling'], onboardedDaysAgo: 52, team: 'both' },
  { firstName: 'José', lastName: 'Núñez', gender: 'male', age: 58, code: 'M1711', device: 'phone', extras: ['blood_pressure'], onboardedDaysAgo: 34, team: 'therapist' },
  { firstName: 'Zoë', lastName: 'Brontë', gender: 'female', age: 29, code: 'S83511D', device: 'watch', extras: ['running', 'stair_climbing'], onboardedDaysAgo: 71, team: 'both' },
  { firstName: 'James', lastName: "O'Connor", gender: 'male', age: 67, code: 'Z96651', device: 'watch', extras: ['blood_pressure'], onboardedDaysAgo: 41, team: 'therapist' },
  { firstName: 'Aisha', lastName: 'Bello', gender: 'female', age: 34, code: 'M7541', device: 'phone', onboardedDaysAgo: 19, team: 'remote' },
  { firstName: 'Wei', lastName: 'Chen', gender: 'male', age: 41, code: 'M542', device: 'watch', extras: ['cycling'], onboardedDaysAgo: 88, team: 'both', quietDays: 6 },
  { firstName: 'Dorothy', lastName: 'Kowalski', gender: 'female', age: 81, code: 'R2681', device: 'phone', extras: ['blood_pressure'], onboardedDaysAgo: 27, team: 'therapist' },
  { firstName: 'Harold', lastName: 'Jenkins', gender: 'male', age: 77, code: 'Z9181', device: 'watch', extras: ['blood_pressure', 'blood_glucose'], onboardedDaysAgo: 63, team: 'both' },
  { firstName: 'Priyanka', lastName: 'Desai', gender: 'female', age: 38, code: 'M5416', device: 'watch', extras: ['hiking'], onboardedDaysAgo: 12, team: 'remote' },
  { firstName: 'Renée', lastName: 'Dubois', gender: 'female', age: 52, code: 'M7502', device: 'phone', onboardedDaysAgo: 96, team: 'therapist' },
  { firstName: 'Tyrone', lastName: 'Washington', gender: 'male', age: 45, code: 'M75111', device: 'watch', extras: ['running'], onboardedDaysAgo: 30, team: 'both' },
  { firstName: 'Linh', lastName: 'Nguyen', gender: 'female', age: 27, code: 'S93401D', device: 'watch', extras: ['running', 'hiking'], onboardedDaysAgo: 104, team: 'remote', dischargedDaysAgo: 21 },
  { firstName: 'Samuel', lastName: 'Goldberg', gender: 'male', age: 72, code: 'M48062', device: 'phone', extras: ['blood_pressure'], onboardedDaysAgo: 45, team: 'therapist', quietDays: 9 },
  { firstName: 'Fatima', lastName: 'Haddad', gender: 'female', age: 63, code: 'M170', device: 'watch', extras: ['blood_glucose'], onboardedDaysAgo: 57, team: 'both' },
  { firstName: 'Connor', lastName: 'McAllister', gender: 'male', age: 23, code: 'S83241D', device: 'watch', extras: ['cycling', 'stair_climbing'], onboardedDaysAgo: 16, team: 'therapist', rtmCovered: false },
  { firstName: 'Grace', lastName: 'Kim', gender: 'female', age: 55, code: 'M7711', device: 'phone', onboardedDaysAgo: 112, team: 'remote', dischargedDaysAgo: 35 },
  { firstName: 'Eduardo', lastName: 'Ramírez', gender: 'male', age: 49, code: 'M5126', device: 'watch', onboardedDaysAgo: 8, team: 'both' },
  { firstName: 'Margaret', lastName: 'Thompson', gender: 'female', age: 85, code: 'M810', device: 'phone', onboardedDaysAgo: 74, team: 'therapist' },
  { firstName: 'Kwame', lastName: 'Mensah', gender: 'male', age: 36, code: 'M7661', device: 'watch', extras: ['running'], onboardedDaysAgo: 23, team: 'remote' },
  { firstName: 'Sofia', lastName: 'Rossi', gender: 'female', age: 31, code: 'M722', device: 'phone', onboardedDaysAgo: 38, team: 'therapist', rtmCovered: false },
  { firstName: 'Björn', lastName: 'Lindqvist', gender: 'male', age: 60, code: 'Z96641', device: 'watch', extras: ['hiking'], onboardedDaysAgo: 49, team: 'both' },
  { firstName: 'Chloé', lastName: 'Martin', gender: 'female', age: 44, code: 'M25512', device: 'watch', onboardedDaysAgo: 99, team: 'remote', dischargedDaysAgo: 12 },
  { firstName: 'Rahul', lastName: 'Iyer', gender: 'male', age: 33, code: 'M5459', device: 'phone', onboardedDaysAgo: 5, team: 'therapist', rtmCovered: false },
  { firstName: 'Patricia', lastName: 'Williams', gender: 'female', age: 69, code: 'Z96652', device: 'watch', extras: ['blood_pressure'], onboardedDaysAgo: 36, team: 'both' },
  { firstName: 'Daniel', lastName: 'Cohen', gender: 'male', age: 52, code: 'M4316', device: 'phone', onboardedDaysAgo: 67, team: 'remote', quietDays: 4 },
  { firstName: 'Inés', lastName: 'Peña', gender: 'female', age: 40, code: 'G5601', device: 'watch', onboardedDaysAgo: 26, team: 'therapist', rtmCovered: false },
  { firstName: 'Robert', lastName: 'Miller', gender: 'male', age: 74, code: 'I69351', device: 'phone', extras: ['blood_pressure', 'blood_glucose'], onboardedDaysAgo: 82, team: 'both' },
  { firstName: 'Hannah', lastName: 'Schmidt', gender: 'female', age: 26, code: 'M7631', device: 'watch', extras: ['running', 'cycling'], onboardedDaysAgo: 117, team: 'therapist', dischargedDaysAgo: 40 },
  { firstName: 'Oluwaseun', lastName: 'Adeyemi', gender: 'male', age: 47, code: 'M25561', device: 'watch', onboardedDaysAgo: 14, team: 'remote' },
  { firstName: 'Beatriz', lastName: 'Costa', gender: 'female', age: 57, code: 'M7062', device: 'phone', onboardedDaysAgo: 60, team: 'therapist' },
  { firstName: 'Michael', lastName: 'Brown', gender: 'male', age: 64, code: 'M1612', device: 'watch', extras: ['cycling'], onboardedDaysAgo: 44, team: 'both' },
  { firstName: 'Yuki', lastName: 'Tanaka', gender: 'female', age: 39, code: 'S134XXD', device: 'watch', onboardedDaysAgo: 21, team: 'remote', rtmCovered: false },
  { firstName: 'François', lastName: 'Lefèvre', gender: 'male', age: 71, code: 'G20A1', device: 'watch', extras: ['blood_pressure'], onboardedDaysAgo: 90, team: 'both' },
  { firstName: 'Angela', lastName: 'Russo', gender: 'female', age: 48, code: 'M5417', device: 'phone', onboardedDaysAgo: 33, team: 'therapist', quietDays: 12 },
  { firstName: 'Marcus', lastName: 'Johnson', gender: 'male', age: 30, code: 'S43431D', device: 'watch', extras: ['stair_climbing'], onboardedDaysAgo: 10, team: 'remote', rtmCovered: false },
  { firstName: 'Nadia', lastName: 'Petrova', gender: 'female', age: 66, code: 'M6281', device: 'phone', onboardedDaysAgo: 54, team: 'both' },
  { firstName: 'Thomas', lastName: 'Walsh', gender: 'male', age: 82, code: 'R262', device: 'phone', extras: ['blood_pressure'], onboardedDaysAgo: 29, team: 'therapist' },
  { firstName: 'Jordan', lastName: 'Avery', gender: 'other', age: 35, code: 'M25551', device: 'watch', extras: ['hiking', 'stair_climbing'], onboardedDaysAgo: 3, team: 'remote' },
  { firstName: 'Ahmed', lastName: 'Siddiqui', gender: 'male', age: 54, code: 'M50322', device: 'watch', extras: ['blood_glucose'], onboardedDaysAgo: 47, team: 'both' },
  { firstName: 'Eleanor', lastName: 'Fitzgerald-Hayes', gender: 'female', age: 78, code: 'Z471', device: 'phone', onboardedDaysAgo: 18, team: 'therapist' },
];

/** Northside's few patients: enough to see that one clinic never sees another's. */
// prettier-ignore
export const NORTHSIDE_PATIENTS: readonly DemoPatientSpec[] = [
  { firstName: 'Gwendolyn', lastName: 'Price', gender: 'female', age: 70, code: 'M1711', device: 'phone', onboardedDaysAgo: 40, team: 'therapist' },
  { firstName: 'Mateo', lastName: 'Gutiérrez', gender: 'male', age: 42, code: 'M5450', device: 'watch', onboardedDaysAgo: 22, team: 'therapist' },
  { firstName: 'Abigail', lastName: 'Foster', gender: 'female', age: 33, code: 'S93401D', device: 'watch', extras: ['running'], onboardedDaysAgo: 15, team: 'therapist' },
  { firstName: 'Dmitri', lastName: 'Volkov', gender: 'male', age: 59, code: 'M7541', device: 'phone', onboardedDaysAgo: 64, team: 'therapist', quietDays: 5 },
  { firstName: 'Kiara', lastName: 'Brooks', gender: 'female', age: 24, code: 'M7631', device: 'watch', onboardedDaysAgo: 9, team: 'therapist' },
];
