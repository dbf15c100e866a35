import type { User } from '@homestretch/contract/users/user';
import { Hourglass, LogOut, RotateCw, ShieldAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { notify } from '../../../ui/toasts';
import { formatClinicTime } from '../../../lib/clinic-time';
import { useClinicTimeZone, useCurrentUser } from '../api/current-user';
import { useSignOut } from '../api/logout';

/** Whether the signed-in account may open the clinic's screens (docs/decisions/007). */
export function isApproved(user: User): boolean {
  return user.approval_status === 'approved';
}

/**
 * What a staff member whose account is not approved sees instead of any screen. The clinic code
 * that let them sign up is also on the patients' QR poster, so the server opens no clinic data
 * until the clinic's administrator approves the account; this says so calmly, and lets them check
 * again or sign out. Declined accounts get their own words.
 */
export function ApprovalPanel({ user }: { user: User }) {
  const headingId = useId();
  const currentUser = useCurrentUser();
  const timeZone = useClinicTimeZone();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);
  const declined = user.approval_status === 'declined';
  const fullName = `${user.first_name} ${user.last_name}`.trim() || user.email;
  const administrator = user.clinic_name
    ? `The administrator of ${user.clinic_name}`
    : 'Your clinic’s administrator';
  const Icon = declined ? ShieldAlert : Hourglass;

  const onCheckAgain = async () => {
    const result = await currentUser.refetch();
    // Once approved, the layout shows the screen instead of this panel; otherwise say we looked.
    if (result.data && !isApproved(result.data)) {
      setCheckedAt(new Date());
    }
  };

  const onSignOut = () => {
    signOut.mutate(undefined, {
      onSuccess: () => void navigate(paths.login(), { replace: true }),
      onError: (error) => notify.error(`Could not sign out. ${errorMessage(error)}`),
    });
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto mt-4 flex max-w-xl flex-col gap-4 rounded-card border border-line bg-surface p-6 shadow-card sm:mt-10 sm:p-8"
    >
      <span
        aria-hidden="true"
        className={
          declined
            ? 'inline-flex size-12 items-center justify-center rounded-full bg-danger-50 text-danger-700'
            : 'inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700'
        }
      >
        <Icon className="size-6" />
      </span>
      <div className="flex flex-col gap-1">
        <p className="text-sm text-ink-muted">
          Signed in as <span className="font-medium text-ink">{fullName}</span>
        </p>
        <h1 id={headingId} className="text-2xl font-semibold text-ink">
          {declined
            ? 'Your clinic has not approved this account'
            : 'Your account is waiting for approval'}
        </h1>
      </div>
      {declined ? (
        <p className="text-ink-muted">
          {administrator} declined this account, so it cannot open patients’ records. If you think
          this is a mistake, ask your clinic’s administrator: they can still approve it.
        </p>
      ) : (
        <p className="text-ink-muted">
          To keep patients’ health data private, a new staff account opens only after the clinic
          approves it. {administrator} approves new accounts from the Therapists list: let them know
          you have signed up, then check again.
        </p>
      )}
      <p role="status" className="min-h-5 text-sm text-ink-muted">
        {checkedAt &&
          !currentUser.isFetching &&
          `Checked at ${formatClinicTime(checkedAt, timeZone)}: ${declined ? 'still not approved' : 'still waiting for approval'}.`}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => void onCheckAgain()} loading={currentUser.isFetching}>
          {!currentUser.isFetching && <RotateCw aria-hidden="true" className="size-4" />}
          Check again
        </Button>
        <Button variant="secondary" onClick={onSignOut} loading={signOut.isPending}>
          {!signOut.isPending && <LogOut aria-hidden="true" className="size-4" />}
          Sign out
        </Button>
      </div>
    </section>
  );
}
