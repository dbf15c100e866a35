import { can } from '@homestretch/contract/auth/permissions';
import { RESTRICTED_USER_CODE } from '@homestretch/contract/common/constants';
import { ROLE_LABELS } from '@homestretch/contract/common/enums';
import type { User } from '@homestretch/contract/users/user';
import { ChevronDown, LogOut, ShieldMinus, UserRoundPen } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useSignOut } from '../../features/auth/api/logout';
import { errorMessage } from '../../lib/error-messages';
import { cx } from '../../ui/cx';
import { usePopover } from '../../ui/popover';
import { notify } from '../../ui/toasts';
import type { NavItem } from './nav-items';

function initials(user: User): string {
  const letters = `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
  return letters || user.email.charAt(0).toUpperCase();
}

export interface UserMenuProps {
  user: User;
  /** Navigation entries not visible elsewhere (on phones: the ones missing from the bottom menu). */
  extraItems: readonly NavItem[];
  compact: boolean;
}

/**
 * The signed-in user, their role, their profile (supervisors, spec §6) and "Sign out". A disclosure (button + panel), not an ARIA
 * menu: its entries are ordinary links and buttons reached with Tab.
 */
export function UserMenu({ user, extraItems, compact }: UserMenuProps) {
  const location = useLocation();
  // Remembering where the menu was opened closes it on any navigation without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const { open, setOpen, rootRef, triggerRef, floatingRef } = usePopover({
    open: openAt === location.pathname,
    onOpenChange: (next) => setOpenAt(next ? location.pathname : null),
    placement: { align: 'end', gap: 8 },
  });
  const panelId = useId();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const roleLabel = ROLE_LABELS[user.role];
  const fullName = `${user.first_name} ${user.last_name}`.trim() || user.email;

  const onSignOut = () => {
    signOut.mutate(undefined, {
      onSuccess: () => void navigate(paths.login(), { replace: true }),
      onError: (error) => notify.error(`Could not sign out. ${errorMessage(error)}`),
    });
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex min-h-11 items-center gap-2 rounded-control px-2 text-left hover:bg-canvas"
      >
        <span
          aria-hidden="true"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
        >
          {initials(user)}
        </span>
        <span className={cx('flex flex-col leading-tight', compact && 'sr-only')}>
          <span className="text-sm font-medium text-ink">{fullName}</span>
          <span className="text-xs text-ink-muted">{roleLabel}</span>
        </span>
        <ChevronDown aria-hidden="true" className="size-4 text-ink-subtle" />
        <span className="sr-only">Account menu</span>
      </button>
      {open && (
        <div
          ref={floatingRef}
          id={panelId}
          className="fixed z-40 w-64 rounded-card border border-line bg-surface p-2 shadow-pop"
        >
          <div className="border-b border-line px-3 pt-1 pb-3">
            <p className="font-medium text-ink">{fullName}</p>
            <p className="truncate text-sm text-ink-muted">{user.email}</p>
            <p className="mt-1 text-sm text-ink-muted">
              {roleLabel}
              {user.clinic_name && <> · {user.clinic_name}</>}
            </p>
            {user.code === RESTRICTED_USER_CODE && (
              // spec §4 restricted user flag: what it changes, said once and calmly (decision 027).
              <p className="mt-2 flex gap-2 rounded-control bg-canvas px-2 py-1.5 text-xs text-ink-muted">
                <ShieldMinus aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                <span>
                  <span className="font-medium text-ink">Restricted account.</span> The browser
                  extension is not connected for this clinic.
                </span>
              </p>
            )}
          </div>
          {can(user.role, 'supervisor.profile') && (
            <div className="border-b border-line py-2">
              <Link
                to={paths.supervisorProfile()}
                className="flex min-h-10 items-center gap-3 rounded-control px-3 text-sm text-ink hover:bg-canvas"
              >
                <UserRoundPen aria-hidden="true" className="size-4 text-ink-muted" />
                Your profile
              </Link>
            </div>
          )}
          {extraItems.length > 0 && (
            <ul className="border-b border-line py-2">
              {extraItems.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className="flex min-h-10 items-center gap-3 rounded-control px-3 text-sm text-ink hover:bg-canvas"
                  >
                    <item.icon aria-hidden="true" className="size-4 text-ink-muted" />
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            onClick={onSignOut}
            disabled={signOut.isPending}
            className="mt-2 flex min-h-10 w-full items-center gap-3 rounded-control px-3 text-sm font-medium text-danger-700 hover:bg-danger-50 disabled:opacity-60"
          >
            <LogOut aria-hidden="true" className="size-4" />
            {signOut.isPending ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      )}
    </div>
  );
}
