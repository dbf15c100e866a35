import { can } from '@homestretch/contract/auth/permissions';
import { ROLE_LABELS } from '@homestretch/contract/common/enums';
import type {
  ApprovalRequestStatus,
  ApprovalRequestSummary,
} from '@homestretch/contract/hep/approval-request';
import {
  DEFAULT_HEP_APPROVAL_ROLES,
  type TherapistApproval,
  type TherapistApprovalStatus,
} from '@homestretch/contract/hep/supervisor-approvals';
import { ChevronRight, ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { homePathFor, paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-messages';
import { Card } from '../../ui/card';
import { Dropdown } from '../../ui/dropdown';
import { EmptyState } from '../../ui/empty-state';
import { Pager } from '../../ui/pager';
import { PanelError, PanelLoading } from '../../ui/panel-states';
import { Spinner } from '../../ui/spinner';
import { Tabs } from '../../ui/tabs';
import { notify } from '../../ui/toasts';
import { useClinicTimeZone, useCurrentUser } from '../../features/auth/api/current-user';
import { useSupervisorApprovals } from '../../features/hep/api/get-supervisor-approvals';
import { useSetTherapistApproval } from '../../features/hep/api/set-therapist-approval';
import { formatClinicDateTime } from '../../lib/clinic-time';
import { personName } from '../../features/hep/components/history-format';
import { APPROVAL_STATUS_LABELS } from '../../features/supervisors/components/approval-labels';

const TABS: readonly ApprovalRequestStatus[] = [
  'pending',
  'approved',
  'approved_with_changes',
  'declined',
  'superseded',
];

function readTab(value: string | null): ApprovalRequestStatus {
  return TABS.find((tab) => tab === value) ?? 'pending';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * supervisor_approvals (/approvals): where a supervisor lands (spec §6). Program changes waiting
 * for approval, oldest first, the decided ones by outcome, and the therapists whose changes need
 * approval, with the control to say so per therapist.
 */
export function ApprovalsPage() {
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const status = readTab(params.get('status'));
  const page = readPage(params.get('page'));
  const queue = useSupervisorApprovals(status, page);
  if (user && !can(user.role, 'hep.approve')) {
    return <Navigate to={homePathFor(user.role)} replace />;
  }
  const go = (next: { status?: ApprovalRequestStatus; page?: number }) => {
    const search = new URLSearchParams();
    const nextStatus = next.status ?? status;
    if (nextStatus !== 'pending') {
      search.set('status', nextStatus);
    }
    if ((next.page ?? 1) > 1) {
      search.set('page', String(next.page));
    }
    setParams(search);
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold text-ink">Approvals</h1>
        <p className="mt-1 text-sm text-ink-muted">
          Home exercise programs your therapists send for your approval.
        </p>
      </div>
      <div className="grid gap-5 lg:grid-cols-3">
        <section
          aria-label="Approval requests"
          className="flex min-w-0 flex-col gap-3 lg:col-span-2"
        >
          <Tabs
            label="Requests"
            tabs={TABS.map((tab) => ({
              value: tab,
              label: (
                <>
                  {APPROVAL_STATUS_LABELS[tab]}
                  {tab === 'pending' && queue.data && queue.data.pending_count > 0 && (
                    <span className="ml-1.5 rounded-full bg-brand-700 px-1.5 text-xs text-surface">
                      {queue.data.pending_count}
                    </span>
                  )}
                </>
              ),
            }))}
            selected={status}
            onSelect={(tab) => go({ status: tab })}
            panelClassName="rounded-card border border-line bg-surface shadow-card"
          >
            {queue.isPending ? (
              <PanelLoading label="Loading requests" />
            ) : queue.isError ? (
              <div className="p-4">
                <PanelError
                  error={queue.error}
                  onRetry={() => void queue.refetch()}
                  retrying={queue.isFetching}
                />
              </div>
            ) : queue.data.results.length === 0 ? (
              <EmptyState
                icon={ClipboardCheck}
                title={
                  status === 'pending'
                    ? 'No programs waiting for approval'
                    : `No ${APPROVAL_STATUS_LABELS[status].toLowerCase()} requests`
                }
                description={
                  status === 'pending'
                    ? 'Requests arrive here when a therapist whose changes need approval changes a program.'
                    : undefined
                }
              />
            ) : (
              <ul className="divide-y divide-line">
                {queue.data.results.map((request) => (
                  <RequestRow key={request.id} request={request} />
                ))}
              </ul>
            )}
          </Tabs>
          {queue.data && (
            <div className="flex items-center gap-2">
              <Pager page={page} count={queue.data.count} onChange={(next) => go({ page: next })} />
              {queue.isPlaceholderData && <Spinner size="sm" label="Loading" />}
            </div>
          )}
        </section>
        <TherapistApprovals therapists={queue.data?.therapists} loading={queue.isPending} />
      </div>
    </div>
  );
}

function RequestRow({ request }: { request: ApprovalRequestSummary }) {
  const timeZone = useClinicTimeZone();
  const { counts } = request;
  const changes = [
    counts.added > 0 && `${counts.added} added`,
    counts.changed > 0 && `${counts.changed} changed`,
    counts.removed > 0 && `${counts.removed} removed`,
  ].filter(Boolean);
  return (
    <li>
      <Link
        to={paths.approvalRequest(request.id)}
        className="flex items-center gap-3 px-4 py-3 hover:bg-canvas"
      >
        <div className="min-w-0 flex-1">
          <p className="font-medium text-ink">
            {request.patient.first_name} {request.patient.last_name}
            {request.patient.diagnosis && (
              <span className="font-normal text-ink-muted"> · {request.patient.diagnosis}</span>
            )}
          </p>
          <p className="text-sm text-ink-muted">
            {personName(request.requested_by)} ·{' '}
            {formatClinicDateTime(request.created_at, timeZone)}
          </p>
          <p className="text-sm text-ink">
            {counts.items === 1 ? '1 exercise' : `${counts.items} exercises`}
            {changes.length > 0 && ` · ${changes.join(', ')}`}
          </p>
          {request.decided_at && (
            <p className="text-xs text-ink-subtle">
              {APPROVAL_STATUS_LABELS[request.status]} by {personName(request.decided_by)} ·{' '}
              {formatClinicDateTime(request.decided_at, timeZone)}
            </p>
          )}
        </div>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-ink-subtle" />
      </Link>
    </li>
  );
}

const DEFAULT_ROLE_WORDS = DEFAULT_HEP_APPROVAL_ROLES.map((role) => ROLE_LABELS[role]).join(', ');

const STATUS_OPTIONS: { value: TherapistApprovalStatus; label: string }[] = [
  { value: 'role_default', label: 'As their role' },
  { value: 'required', label: 'Needs approval' },
  { value: 'not_required', label: 'No approval needed' },
];

/** spec §6: a supervisor sets, per therapist, whether their program changes need approval. */
function TherapistApprovals({
  therapists,
  loading,
}: {
  therapists: readonly TherapistApproval[] | undefined;
  loading: boolean;
}) {
  const set = useSetTherapistApproval();
  const [saving, setSaving] = useState<number | null>(null);
  return (
    <Card title="Who needs approval" className="h-fit">
      <p className="mb-3 text-sm text-ink-muted">
        By default, changes by {DEFAULT_ROLE_WORDS} wait for approval; staff therapists’ go straight
        to the patient.
      </p>
      {loading || !therapists ? (
        <PanelLoading label="Loading therapists" minHeight={96} />
      ) : therapists.length === 0 ? (
        <p className="text-sm text-ink-muted">No therapists in the clinic yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {therapists.map((therapist) => {
            const name = `${therapist.first_name} ${therapist.last_name}`;
            return (
              <li key={therapist.id} className="flex flex-col gap-2 py-3">
                <div>
                  <p className="font-medium text-ink">{name}</p>
                  <p className="text-xs text-ink-muted">
                    {ROLE_LABELS[therapist.role]} ·{' '}
                    {therapist.needs_approval
                      ? 'changes wait for approval'
                      : 'changes apply at once'}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <Dropdown
                    label={`Approval for ${name}`}
                    hideLabel
                    options={STATUS_OPTIONS}
                    value={therapist.status}
                    disabled={saving === therapist.id}
                    buttonClassName="w-full"
                    onChange={(status) => {
                      setSaving(therapist.id);
                      set.mutate(
                        { user_id: therapist.id, status },
                        {
                          onSuccess: (saved) =>
                            notify.success(
                              saved.needs_approval
                                ? `${name}’s changes now wait for approval.`
                                : `${name}’s changes now apply at once.`,
                            ),
                          onError: (error) => notify.error(errorMessage(error)),
                          onSettled: () => setSaving(null),
                        },
                      );
                    }}
                  />
                  {saving === therapist.id && <Spinner size="sm" label="Saving" />}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
