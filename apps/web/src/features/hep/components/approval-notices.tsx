import type { Program } from '@homestretch/contract/hep/program';
import { CheckCircle2, ChevronDown, Clock, MessageCircleQuestion, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { PanelError, PanelLoading } from '../../../ui/panel-states';
import { notify } from '../../../ui/toasts';
import { useClinicTimeZone } from '../../auth/api/current-user';
import { usePendingApproval } from '../api/get-pending-approval';
import { useResolveHepRequest } from '../api/resolve-hep-request';
import { formatClinicDate, formatClinicDateTime } from '../../../lib/clinic-time';
import { personName } from './history-format';
import { dosage } from './program-row';

const OUTCOME = {
  approved: { label: 'Approved', Icon: CheckCircle2, className: 'text-success-700 bg-success-50' },
  approved_with_changes: {
    label: 'Approved with changes',
    Icon: CheckCircle2,
    className: 'text-success-700 bg-success-50',
  },
  declined: { label: 'Declined', Icon: XCircle, className: 'text-danger-700 bg-danger-50' },
} as const;

/**
 * Where the program's approval stands: the request waiting for a supervisor (with the proposed
 * program by folder, on demand) and the last decision, by whom and with their note.
 */
export function ApprovalNotices({ program }: { program: Program }) {
  const timeZone = useClinicTimeZone();
  const [showProposal, setShowProposal] = useState(false);
  const proposalId = useId();
  const pending = program.pending_request;
  const outcome = program.last_outcome;
  return (
    <div className="flex flex-col gap-2">
      {pending && (
        <div className="rounded-control border border-warning-400/60 bg-warning-50 px-3 py-2 text-sm text-warning-700">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="flex items-center gap-2">
              <Clock aria-hidden="true" className="size-4 shrink-0" />
              <span>
                <span className="font-semibold">
                  Waiting for approval since {formatClinicDateTime(pending.created_at, timeZone)}
                </span>
                {pending.requested_by && ` · sent by ${personName(pending.requested_by)}`}
              </span>
            </p>
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={showProposal}
              aria-controls={proposalId}
              onClick={() => setShowProposal(!showProposal)}
            >
              {showProposal ? 'Hide proposed program' : 'Show proposed program'}
              <ChevronDown
                aria-hidden="true"
                className={cx('size-4 transition-transform', showProposal && 'rotate-180')}
              />
            </Button>
          </div>
          <div id={proposalId} hidden={!showProposal}>
            {showProposal && <ProposedProgram patientId={program.patient_id} />}
          </div>
        </div>
      )}
      {outcome && (
        <div
          className={cx(
            'flex items-start gap-2 rounded-control px-3 py-2 text-sm',
            OUTCOME[outcome.status].className,
          )}
        >
          {(() => {
            const { Icon } = OUTCOME[outcome.status];
            return <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />;
          })()}
          <p>
            <span className="font-semibold">Last request: {OUTCOME[outcome.status].label}</span> by{' '}
            {personName(outcome.decided_by)} on {formatClinicDate(outcome.decided_at, timeZone)}
            {outcome.note && <span className="block text-ink">“{outcome.note}”</span>}
          </p>
        </div>
      )}
    </div>
  );
}

/** GET /video/hep/patient/{patientId}/pending: the proposal, grouped by library folder. */
function ProposedProgram({ patientId }: { patientId: number }) {
  const pending = usePendingApproval(patientId, true);
  if (pending.isPending) {
    return <PanelLoading label="Loading the proposed program" minHeight={80} />;
  }
  if (pending.isError) {
    return (
      <PanelError
        error={pending.error}
        onRetry={() => void pending.refetch()}
        retrying={pending.isFetching}
      />
    );
  }
  if (pending.data.request === null) {
    return <p className="mt-2 text-ink-muted">The request was decided in the meantime.</p>;
  }
  return (
    <div className="mt-2 flex flex-col gap-3 text-ink">
      {pending.data.request.note && <p>Note to the supervisor: “{pending.data.request.note}”</p>}
      {pending.data.grouped_videos.map((group) => (
        <section key={group.folder_id ?? 'none'} className="flex flex-col gap-1">
          <h4 className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
            {group.folder_name ?? 'Not from a folder'}
          </h4>
          <ul className="flex flex-col gap-0.5">
            {group.videos.map((entry) => (
              <li key={entry.video_id}>
                {entry.order}. {entry.video.title} · {dosage(entry.sets, entry.reps)}
                {entry.change !== 'same' && (
                  <span className="ml-1 text-xs font-medium text-warning-700">
                    ({entry.change})
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** What the patient asked from the app ("ask my therapist"), open ones first, to mark answered. */
export function PatientQuestions({ program, canAnswer }: { program: Program; canAnswer: boolean }) {
  const timeZone = useClinicTimeZone();
  const resolve = useResolveHepRequest(program.patient_id);
  if (program.patient_requests.length === 0) {
    return null;
  }
  return (
    <section aria-label="Questions from the patient" className="flex flex-col gap-2">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-ink">
        <MessageCircleQuestion aria-hidden="true" className="size-4 text-brand-700" />
        Questions from the patient
      </h3>
      <ul className="flex flex-col gap-2">
        {program.patient_requests.map((request) => (
          <li
            key={request.id}
            className={cx(
              'flex flex-wrap items-start justify-between gap-2 rounded-control border px-3 py-2 text-sm',
              request.resolved_at ? 'border-line text-ink-muted' : 'border-brand-200 bg-brand-50',
            )}
          >
            <div className="min-w-0 flex-1">
              <p className="whitespace-pre-line text-ink">{request.request_content}</p>
              <p className="text-xs text-ink-subtle">
                Asked {formatClinicDateTime(request.created_at, timeZone)}
                {request.resolved_at &&
                  ` · answered by ${personName(request.resolved_by)} on ${formatClinicDate(request.resolved_at, timeZone)}`}
              </p>
            </div>
            {!request.resolved_at && canAnswer && (
              <Button
                variant="secondary"
                size="sm"
                loading={resolve.isPending && resolve.variables === request.id}
                onClick={() =>
                  resolve.mutate(request.id, {
                    onError: (error) => notify.error(errorMessage(error)),
                  })
                }
              >
                Mark answered
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
