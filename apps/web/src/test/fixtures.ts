import type {
  CatalogueExercise,
  VideoDetail,
} from '@homestretch/contract/library/catalogue-exercise';
import type { Folder } from '@homestretch/contract/library/folder';
import { MovementModelSchema } from '@homestretch/contract/library/movement';
import type { Video } from '@homestretch/contract/library/video';
import type { StaffMember } from '@homestretch/contract/staff/list-staff';
import type { User } from '@homestretch/contract/users/user';
import type { SettingsInfo } from '@homestretch/contract/users/settings-info';

/** Typed fixtures for route-level tests; shapes checked against the contract by apiCall. */
export function userFixture(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'dana.reyes@example.org',
    first_name: 'Dana',
    last_name: 'Reyes',
    role: 'therapist',
    last_login: null,
    code: 'DEMO01',
    clinic_name: 'Riverside Physio',
    clinic_time_zone: 'America/New_York',
    is_full_service: false,
    is_feature_notification_on: false,
    is_new_billing_uploaded: false,
    approval_status: 'approved',
    ...overrides,
  };
}

export const settingsFixture: SettingsInfo = { support_user_id: 1, initial_note: 'Welcome' };

/** A clinic video of the signed-in therapist (userFixture), ready to play. */
export function videoFixture(overrides: Partial<Video> = {}): Video {
  return {
    id: 101,
    title: 'Seated knee extension',
    description: 'Straighten the knee slowly, hold for two seconds.',
    body_parts: 'Knee and thigh',
    purpose: 'Strength',
    position: 'Sitting',
    equipment: 'Chair',
    reps: 10,
    sets: 3,
    hold_seconds: null,
    unhealthy_body_part: '-',
    purpose_of_treatment: '-',
    source: 'clinic',
    collection: null,
    level: null,
    movement_id: null,
    movement: null,
    status: 'ready',
    is_mine: true,
    can_edit: true,
    owner: { id: 7, first_name: 'Dana', last_name: 'Reyes' },
    video_url: '/video/101/file',
    thumbnail_url: '/video/101/poster',
    frame_urls: [],
    duration_seconds: 42,
    is_archived: false,
    created_at: '2026-02-01T10:00:00.000Z',
    updated_at: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A shipped catalogue exercise: photos, no film, read-only. */
export function catalogueVideoFixture(overrides: Partial<Video> = {}): Video {
  return videoFixture({
    id: 9001,
    title: 'Bird dog',
    description: 'On hands and knees, reach one arm and the opposite leg long.',
    body_parts: 'Core',
    purpose: 'Balance',
    position: 'Hands and knees',
    equipment: 'Body only',
    source: 'catalogue',
    collection: 'strength-and-conditioning',
    level: 'beginner',
    is_mine: false,
    can_edit: false,
    owner: null,
    video_url: null,
    thumbnail_url: '/video/9001/frames/0',
    frame_urls: ['/video/9001/frames/0', '/video/9001/frames/1'],
    duration_seconds: null,
    ...overrides,
  });
}

/** GET /video/{id}'s answer: the video, and the catalogue exercise it follows, if any. */
export function videoDetailFixture(
  video: Video = videoFixture(),
  exercise: CatalogueExercise | null = null,
): VideoDetail {
  return { ...video, exercise };
}

/** A wall squat's movement model: standing against the wall, knees bending to 60°. */
export const wallSquatMovement = MovementModelSchema.parse({
  view: 'side',
  posture: 'standing',
  start: {},
  end: {
    left: { hipFlexion: 45, kneeFlexion: 60, ankleDorsiflexion: 15 },
    right: { hipFlexion: 45, kneeFlexion: 60, ankleDorsiflexion: 15 },
  },
  moving: 'both',
  counted: { joint: 'kneeFlexion', side: 'right', from: 0, to: 60 },
});

/** The physical-therapy catalogue's wall squat, as its video. */
export function wallSquatVideoFixture(overrides: Partial<Video> = {}): Video {
  return catalogueVideoFixture({
    id: 9100,
    title: 'Wall squat',
    description: 'Stand with your back to a wall.\nSlide down.',
    body_parts: 'Knee and thigh',
    purpose: 'Strength',
    position: 'Standing',
    equipment: 'Wall',
    reps: 10,
    sets: 3,
    hold_seconds: 5,
    collection: 'physical-therapy',
    level: null,
    movement_id: 'wall-squat',
    movement: wallSquatMovement,
    thumbnail_url: null,
    frame_urls: [],
    ...overrides,
  });
}

/** The wall squat as GET /video/{id} tells a therapist about it. */
export function wallSquatExerciseFixture(
  overrides: Partial<CatalogueExercise> = {},
): CatalogueExercise {
  return {
    id: 'wall-squat',
    name: 'Wall squat',
    synonyms: ['wall sit'],
    regions: ['knee'],
    joints: ['knee', 'hip'],
    position: 'standing',
    equipment: ['wall'],
    conditions: ['knee-osteoarthritis', 'patellofemoral-pain'],
    phases: ['middle', 'late'],
    purpose: 'Strength',
    dose: { sets: 3, reps: 10, holdSeconds: 5, timesPerDay: 1, daysPerWeek: 5, perSide: false },
    instructions: ['Stand with your back to a wall.', 'Slide down until your knees bend a little.'],
    cautions: ['Stop if your knee hurts more than a little.'],
    easier: [{ id: 'mini-squat', name: 'Mini squat', video_id: 9101 }],
    harder: [{ id: 'wall-squat-ball', name: 'Wall squat with a ball', video_id: 9102 }],
    sources: [
      {
        title: 'Knee osteoarthritis guideline',
        organisation: 'Physiotherapy Society',
        year: 2023,
        url: 'https://example.org/knee-guideline',
      },
    ],
    ...overrides,
  };
}

export function folderFixture(overrides: Partial<Folder> = {}): Folder {
  return {
    id: 31,
    name: 'Knee rehab',
    is_shared: false,
    is_mine: true,
    can_edit: true,
    owner: { id: 7, first_name: 'Dana', last_name: 'Reyes' },
    videos: [101],
    created_at: '2026-02-01T10:00:00.000Z',
    updated_at: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A staff member as GET /clinic/therapist lists them. */
export function staffMemberFixture(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    id: 11,
    email: 'sam.okafor@example.org',
    first_name: 'Sam',
    last_name: 'Okafor',
    role: 'therapist',
    role_label: 'Staff Therapist',
    last_login: null,
    can_treat: true,
    patient_count: 0,
    approval_status: 'approved',
    supervisor_id: null,
    assistant_kind: null,
    ...overrides,
  };
}
