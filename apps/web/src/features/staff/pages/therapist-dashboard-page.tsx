import { ComingSoon } from '../../../ui/coming-soon';

/** therapist_dashboard (/dashboard) — built in a later issue; no sample data until then. */
export function TherapistDashboardPage() {
  return (
    <ComingSoon
      screen="Dashboard"
      description="Your tasks, monitoring minutes and priority patients at a glance. Supervisors review approval requests here."
    />
  );
}
