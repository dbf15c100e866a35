import type { Folder } from '@homestretch/contract/library/folder';
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
