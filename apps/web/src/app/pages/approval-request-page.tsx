import { can } from '@homestretch/contract/auth/permissions';
import {
  NO_VIDEO_DETAILS_MESSAGE,
  type ApprovalRequestDetails,
  type DecideApprovalBody,
} from '@homestretch/contract/hep/approval-request';
import { HEP_MAX_NOTE_LENGTH } from '@homestretch/contract/hep/hep-item';
import { ArrowLeft, Check, ExternalLink, PencilLine, X } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { homePathFor, paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-messages';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { cx } from '../../ui/cx';
import { EmptyState } from '../../ui/empty-state';
import { Modal } from '../../ui/modal';
import { ModalActions } from '../../ui/modal-actions';
import { PanelError, PanelLoading } from '../../ui/panel-states';
import { notify } from '../../ui/toasts';
import { useClinicTimeZone, useCurrentUser } from '../../features/auth/api/current-user';
import { useDecideApprovalRequest } from '../../features/hep/api/decide-approval-request';
import { useApprovalRequest } from '../../features/hep/api/get-approval-request';
import {
  addToDraft,
  draftFromProposal,
  toHepData,
  type DraftEntry,
} from '../../features/hep/components/approval-draft';
import { DraftEditor } from '../../features/hep/components/draft-editor';
import { formatClinicDateTime } from '../../lib/clinic-time';
import { useIsMobile } from '../../lib/device';
import { personName } from '../../features/hep/components/history-format';
import { entryDifferences } from '../../features/hep/components/entry-differences';
import { dosage, ProgramRow } from '../../features/hep/components/program-row';
import { usePatient } from '../../features/patients/api/get-patient';
import { APPROVAL_STATUS_LABELS } from '../../features/supervisors/components/approval-labels';

// Its own chunk, as on the patient dashboard: most reviews add nothing.
const ExercisePicker = lazy(async () => ({
  default: (await import('../../features/hep/components/exercise-picker')).ExercisePicker,
}));

function parseId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

const backLink = (
  <Link
    to={paths.approvals()}
    className="inline-flex min-h-10 items-center gap-2 rounded-control font-medium text-brand-700 hover:text-brand-800"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    All requests
  </Link>
);

/**
 * supervisor_approval_request (/approvals/:id): one program change against the program now, with
 * approve, approve with changes (the supervisor corrects the proposal first) and decline.
 */
export function ApprovalRequestPage() {
  const id = parseId(useParams().id);
  const { data: user } = useCurrentUser();
  if (user && !can(user.role, 'hep.approve')) {
    return <Navigate to={homePathFor(user.role)} replace />;
  }
  if (id === null) {
    return (
      <div className="mx-auto max-w-lg">
        <EmptyState title="Request not found" action={backLink} />
      </div>
    );
  }
  return <RequestScreen key={id} id={id} />;
}

type Mode = 'review' | 'correct' | 'decline';

function RequestScreen({ id }: { id: number }) {
  const request = useApprovalRequest(id);
  const decide = useDecideApprovalRequest();
  const navigate = useNavigate();
  const timeZone = useClinicTimeZone();
  const [mode, setMode] = useState<Mode>('review');
  const [draft, setDraft] = useState<DraftEntry[]>([]);
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const noteId = useId();
  const isMobile = useIsMobile();

  if (request.isPending) {
    return <PanelLoading label="Loading the request" />;
  }
  if (request.isError) {
    return (
      <div className="mx-auto flex max-w-lg flex-col gap-3">
        {backLink}
        <PanelError
          error={request.error}
          onRetry={() => void request.refetch()}
          retrying={request.isFetching}
        />
      </div>
    );
  }
  const details = request.data;
  const name = `${details.patient.first_name} ${details.patient.last_name}`;
  const pending = details.status === 'pending';

  const send = (body: DecideApprovalBody, done: string) =>
    decide.mutate(
      { id, body },
      {
        onSuccess: () => {
          notify.success(done);
          void navigate(paths.approvals());
        },
      },
    );

  const approveCorrected = () => {
    // The same rule as the remote PT's request (spec §8): no program without exercises.
    if (draft.length === 0) {
      setRefusal(NO_VIDEO_DETAILS_MESSAGE);
      return;
    }
    const trimmed = note.trim();
    send(
      { action: 'accept', hep_data: toHepData(draft), ...(trimmed ? { note: trimmed } : {}) },
      `${name}’s program is updated with your changes.`,
    );
  };

  const noteField = (label: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={noteId} className="text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={noteId}
        rows={3}
        maxLength={HEP_MAX_NOTE_LENGTH}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        className="rounded-control border border-line-strong bg-surface px-3 py-2 text-base text-ink"
      />
    </div>
  );

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      {backLink}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-ink">Program change for {name}</h1>
          <p className="mt-1 text-sm text-ink-muted">
            {details.patient.diagnosis && `${details.patient.diagnosis} · `}
            Sent by {personName(details.requested_by)} on{' '}
            {formatClinicDateTime(details.created_at, timeZone)}
          </p>
          {details.note && (
            <p className="mt-2 text-sm text-ink">
              <span className="font-medium">Their note:</span> “{details.note}”
            </p>
          )}
        </div>
        <div className="flex flex-col items-end gap-2">
          <StatusBadge details={details} />
          <Link
            to={paths.patientDashboard(details.patient.id)}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline hover:text-brand-800"
          >
            Open the patient record
            <ExternalLink aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>

      {!pending && details.decided_at && (
        <Alert tone={details.status === 'declined' ? 'error' : 'success'}>
          {APPROVAL_STATUS_LABELS[details.status]} by {personName(details.decided_by)} on{' '}
          {formatClinicDateTime(details.decided_at, timeZone)}
          {details.decision_note && `: “${details.decision_note}”`}
        </Alert>
      )}

      <div className="grid gap-5 lg:grid-cols-2">
        <Card title={mode === 'correct' ? 'Your corrected program' : 'Proposed program'}>
          {mode === 'correct' ? (
            <div className="flex flex-col gap-4">
              <DraftEditor
                draft={draft}
                current={details.current}
                label="Corrected program"
                onChange={(next) => {
                  setRefusal(null);
                  setDraft(next);
                }}
                onAddExercises={() => setPicking(true)}
              />
              {noteField('Note for the therapist (optional)')}
              {refusal && <Alert tone="error">{refusal}</Alert>}
              {decide.isError && <Alert tone="error">{errorMessage(decide.error)}</Alert>}
              <div className="flex flex-wrap gap-2">
                <Button loading={decide.isPending} onClick={approveCorrected}>
                  <Check aria-hidden="true" className="size-4" />
                  Approve with these changes
                </Button>
                <Button variant="secondary" onClick={() => setMode('review')}>
                  Cancel
                </Button>
              </div>
            </div>
          ) : (
            <ProposedList details={details} />
          )}
        </Card>
        <Card title="Program now">
          {details.current.length === 0 ? (
            <p className="text-sm text-ink-muted">The patient has no exercises yet.</p>
          ) : (
            <ol aria-label="Program now" className="flex flex-col gap-2">
              {details.current.map((item, index) => (
                <li key={item.id}>
                  <ProgramRow
                    video={item.video}
                    sets={item.sets}
                    reps={item.reps}
                    holdSeconds={item.hold_seconds}
                    description={item.description}
                    place={index + 1}
                  />
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>

      {pending && mode === 'review' && (
        // Above the phone's bottom menu (app-layout.tsx), not under it; app.css keeps what is
        // scrolled or tabbed into view clear of the bar (issue 30: it covered the last exercise).
        <div
          data-sticky-actions={isMobile ? 'over-menu' : ''}
          className={cx(
            'sticky z-20 flex flex-wrap gap-2 border-t border-line bg-canvas/95 py-3',
            isMobile ? 'bottom-[calc(3.5rem+1px+env(safe-area-inset-bottom))]' : 'bottom-0',
          )}
        >
          <Button
            size={isMobile ? 'sm' : 'md'}
            loading={decide.isPending}
            onClick={() => send({ action: 'accept' }, `${name}’s program is updated as proposed.`)}
          >
            <Check aria-hidden="true" className="size-4" />
            Approve
          </Button>
          <Button
            size={isMobile ? 'sm' : 'md'}
            variant="secondary"
            onClick={() => {
              setDraft(draftFromProposal(details.proposed));
              setNote('');
              setRefusal(null);
              decide.reset();
              setMode('correct');
            }}
          >
            <PencilLine aria-hidden="true" className="size-4" />
            Approve with changes
          </Button>
          <Button
            size={isMobile ? 'sm' : 'md'}
            variant="danger"
            onClick={() => {
              setNote('');
              decide.reset();
              setMode('decline');
            }}
          >
            <X aria-hidden="true" className="size-4" />
            Decline
          </Button>
          {decide.isError && <Alert tone="error">{errorMessage(decide.error)}</Alert>}
        </div>
      )}

      {mode === 'correct' && picking && (
        <Suspense fallback={null}>
          <RequestPicker
            patient={details.patient}
            present={new Set(draft.map((entry) => entry.video_id))}
            onAdd={(entries) => {
              setRefusal(null);
              setDraft((now) => addToDraft(now, entries));
            }}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      )}

      {mode === 'decline' && (
        <Modal show size="md" title="Decline this change" onClose={() => setMode('review')}>
          <div className="flex flex-col gap-4">
            <p className="text-sm text-ink-muted">
              The program stays as it is. {personName(details.requested_by)} sees your note.
            </p>
            {noteField('Why (for the therapist)')}
            {decide.isError && <Alert tone="error">{errorMessage(decide.error)}</Alert>}
            <ModalActions>
              <Button variant="secondary" onClick={() => setMode('review')}>
                Cancel
              </Button>
              <Button
                variant="danger"
                loading={decide.isPending}
                onClick={() => {
                  const trimmed = note.trim();
                  send(
                    { action: 'decline', ...(trimmed ? { note: trimmed } : {}) },
                    'Declined. The therapist sees your note.',
                  );
                }}
              >
                Decline
              </Button>
            </ModalActions>
          </div>
        </Modal>
      )}
    </div>
  );
}

function StatusBadge({ details }: { details: ApprovalRequestDetails }) {
  return (
    <span
      className={cx(
        'rounded-full px-2.5 py-0.5 text-sm font-medium',
        details.status === 'pending' && 'bg-warning-50 text-warning-700',
        (details.status === 'approved' || details.status === 'approved_with_changes') &&
          'bg-success-50 text-success-700',
        details.status === 'declined' && 'bg-danger-50 text-danger-700',
        details.status === 'superseded' && 'bg-canvas text-ink-muted',
      )}
    >
      {APPROVAL_STATUS_LABELS[details.status]}
    </span>
  );
}

/** The proposal in order, each entry marked against the program now, and what it removes. */
function ProposedList({ details }: { details: ApprovalRequestDetails }) {
  const { counts } = details;
  const current = new Map(details.current.map((item) => [item.video_id, item]));
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink-muted">
        {counts.items === 1 ? '1 exercise' : `${counts.items} exercises`}: {counts.added} added,{' '}
        {counts.changed} changed, {counts.removed} removed
      </p>
      <ol aria-label="Proposed program" className="flex flex-col gap-2">
        {details.proposed.map((entry) => (
          <li key={entry.video_id}>
            <ProgramRow
              video={entry.video}
              sets={entry.sets}
              reps={entry.reps}
              holdSeconds={entry.hold_seconds}
              description={entry.description}
              place={entry.order}
              mark={entry.change}
              changes={entryDifferences(entry, entry.order, current.get(entry.video_id))}
            />
          </li>
        ))}
      </ol>
      {details.removed.length > 0 && (
        <section aria-label="Removed by this change" className="flex flex-col gap-1">
          <h3 className="text-sm font-semibold text-ink">Removed from the program</h3>
          <ul className="flex flex-col gap-1">
            {details.removed.map((item) => (
              <li
                key={item.id}
                className="rounded-control border border-dashed border-danger-600/40 bg-danger-50 px-3 py-2 text-sm"
              >
                <span className="font-medium text-danger-700 line-through">{item.video.title}</span>{' '}
                <span className="text-ink-muted">
                  {dosage(item.sets, item.reps, item.hold_seconds)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * The exercise picker for the supervisor's corrections: the patient's record gives the
 * onboarding date its recommendations need (spec §5), which the request does not carry.
 */
function RequestPicker({
  patient,
  present,
  onAdd,
  onClose,
}: {
  patient: ApprovalRequestDetails['patient'];
  present: ReadonlySet<number>;
  onAdd: (entries: DraftEntry[]) => void;
  onClose: () => void;
}) {
  const record = usePatient(patient.id);
  if (record.isPending) {
    return null;
  }
  return (
    <ExercisePicker
      patient={record.data ?? { ...patient, onboarded_at: null }}
      present={present}
      title={`Add exercises for ${patient.first_name} ${patient.last_name}`}
      submitLabel="Add to the corrected program"
      onSubmit={({ entries }) => {
        onAdd(entries);
        return Promise.resolve();
      }}
      onClose={onClose}
    />
  );
}
