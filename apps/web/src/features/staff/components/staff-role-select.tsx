import { can } from '@homestretch/contract/auth/permissions';
import { ROLE_LABELS, type Role } from '@homestretch/contract/common/enums';
import { CHANGEABLE_ROLES, isChangeableRole } from '@homestretch/contract/staff/change-staff-role';
import type { StaffMember } from '@homestretch/contract/staff/list-staff';
import { errorMessage } from '../../../lib/error-messages';
import { Dropdown } from '../../../ui/dropdown';
import { Spinner } from '../../../ui/spinner';
import { notify } from '../../../ui/toasts';
import { useChangeStaffRole } from '../api/change-staff-role';

const ROLE_OPTIONS = CHANGEABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** Whether the caller may change this member's role from a list (the server has the last word). */
function canChangeRoleOf(member: StaffMember, caller: { id: number; role: Role }): boolean {
  return (
    can(caller.role, 'users.update_role') &&
    member.id !== caller.id &&
    isChangeableRole(member.role)
  );
}

/** A member's role as a dropdown among Staff Therapist, Remote PT and Office Manager (spec §6). */
export function StaffRoleSelect({ member }: { member: StaffMember }) {
  const change = useChangeStaffRole();
  const name = `${member.first_name} ${member.last_name}`.trim() || member.email;
  if (!isChangeableRole(member.role)) {
    return null;
  }
  return (
    <div className="flex items-center gap-2">
      <Dropdown
        label={`Role of ${name}`}
        hideLabel
        options={ROLE_OPTIONS}
        value={member.role}
        disabled={change.isPending}
        buttonClassName="w-44"
        onChange={(role) => {
          if (role === member.role) {
            return;
          }
          change.mutate(
            { userId: member.id, role },
            {
              onSuccess: (saved) => notify.success(`${name} is now ${saved.role_label}.`),
              onError: (error) =>
                notify.error(`Could not change ${name}’s role. ${errorMessage(error)}`),
            },
          );
        }}
      />
      {change.isPending && <Spinner size="sm" label="Saving" />}
    </div>
  );
}

/** The role as a label, for those whose role the caller may not change here. */
export function RolePill({ member }: { member: StaffMember }) {
  return (
    <span className="inline-flex h-6 items-center rounded-full bg-canvas px-2 text-xs font-medium whitespace-nowrap text-ink-muted ring-1 ring-line-strong">
      {member.role_label}
    </span>
  );
}

/** A staff list's role cell: the dropdown when the caller may change it (spec §6), else the label. */
export function StaffRole({
  member,
  caller,
}: {
  member: StaffMember;
  caller: { id: number; role: Role } | undefined;
}) {
  return caller && canChangeRoleOf(member, caller) ? (
    <StaffRoleSelect member={member} />
  ) : (
    <RolePill member={member} />
  );
}
