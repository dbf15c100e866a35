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
