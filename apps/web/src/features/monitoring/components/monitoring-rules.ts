import { canMonitor } from '@homestretch/contract/auth/permissions';
import type { User } from '@homestretch/contract/users/user';
import type { MonitoringContext } from '@homestretch/contract/monitoring/monitoring-context';
import { paths } from '../../../config/paths';
import { givesCareTo } from '../../../lib/care-team';

/**
 * spec §5/§6, the contract's canMonitor: the web does not ask for what the server would refuse.
 */
export function mayMonitor(user: Pick<User, 'role' | 'is_full_service'>): boolean {
  return canMonitor(user.role, user.is_full_service);
}

/**
 * Whether the user's time on this patient is recorded: only by those who give the patient care
 * (givesCareTo: their treating therapists, and the admin, who covers every patient;
 * docs/decisions/031). A colleague reading the record is not monitoring it, and the server would
 * refuse the session. A conversation names no therapists: only those who treat the patient and
 * the admin open one.
 */
export function monitorsPatient(
  user: Pick<User, 'id' | 'role' | 'is_full_service'>,
  patient: { therapists?: readonly { id: number }[] },
): boolean {
  return (
    mayMonitor(user) &&
    (patient.therapists === undefined || givesCareTo(user, { therapists: patient.therapists }))
  );
}

/**
 * spec §2 idle redirect: where the user goes when the system stops monitoring. From mobile chat
 * nobody goes anywhere (null): only the chat modal closes.
 */
export function idleRedirectPath(context: MonitoringContext): string | null {
  switch (context) {
    case 'patient_dashboard':
      return paths.patientList();
    case 'desktop_chat':
      return paths.chatSessions();
    case 'mobile_chat':
      return null;
  }
}
