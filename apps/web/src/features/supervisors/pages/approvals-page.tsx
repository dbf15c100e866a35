import { ClipboardCheck } from 'lucide-react';
import { Navigate } from 'react-router';
import { homePathFor } from '../../../config/paths';
import { EmptyState } from '../../../ui/empty-state';
import { useCurrentUser } from '../../auth/api/current-user';

/**
 * supervisor_approvals (/approvals): where a supervisor lands (spec §6, view approvals). The
 * approval requests of home exercise programs (spec §3 HEP approval request, §7 GET
 * /clinic/supervisor/approval) arrive with the programs themselves; until then the screen says
 * what will appear, and shows no sample requests.
 */
export function ApprovalsPage() {
  const { data: user } = useCurrentUser();
  if (user && user.role !== 'supervisor') {
    return <Navigate to={homePathFor(user.role)} replace />;
  }
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold text-ink">Approvals</h1>
        <p className="mt-1 text-sm text-ink-muted">
          Home exercise programs your therapists send for your approval.
        </p>
      </div>
      <div className="rounded-card border border-line bg-surface shadow-card">
        <EmptyState
          icon={ClipboardCheck}
          title="No programs waiting for approval"
          description="Approvals arrive here when therapists send home exercise programs for your approval. You can then review each program with the patient’s record and accept it, with or without changes."
        />
      </div>
    </div>
  );
}
