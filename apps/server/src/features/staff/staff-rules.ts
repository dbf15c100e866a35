import { ROLE_LABELS, type Role } from '@homestretch/contract/common/enums';
import { isClinicianRole } from '@homestretch/contract/staff/list-staff';

/**
 * Why a staff member cannot be given an assistant kind, or null when they can. Billing reads the
 * kind of treating clinicians only (domain/rtm.md), so on an office manager, a supervisor or an
 * administrator it would be a setting nobody sees that matters the day their role changes.
 */
export function assistantKindRefusal(role: Role): string | null {
  return isClinicianRole(role)
    ? null
    : `${ROLE_LABELS[role]} accounts are not clinicians: only a Staff Therapist or a Remote PT is licensed or an assistant`;
}
