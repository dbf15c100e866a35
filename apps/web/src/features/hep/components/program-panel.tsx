import type { HepItem } from '@homestretch/contract/hep/hep-item';
import type { Program } from '@homestretch/contract/hep/program';
import type { Patient } from '@homestretch/contract/patients/patient';
import { useQueryClient } from '@tanstack/react-query';
import { ClipboardList, History, PencilLine, Plus, Printer, RotateCcw } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-messages';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { formatClinicDate } from '../../../lib/clinic-time';
import { PanelError, PanelLoading } from '../../../ui/panel-states';
import { notify } from '../../../ui/toasts';
import { useClinicTimeZone, useCurrentUser } from '../../auth/api/current-user';
import { givesCareTo } from '../../../lib/care-team';
import { useAddToProgram } from '../api/add-to-program';
import { useCreateApprovalRequest } from '../api/create-approval-request';
import { pendingApprovalQueryOptions } from '../api/get-pending-approval';
import { useProgram } from '../api/get-program';
import { recordHepSend } from '../api/record-hep-events';
import { useRemoveFromProgram } from '../api/remove-from-program';
import { useRestoreProgramItem } from '../api/restore-program-item';
import { isStaleOrder, useSetProgramOrder } from '../api/set-program-order';
import { useUpdateProgramItem } from '../api/update-program-item';
import { dispatchApprovalEdit, useApprovalEdit } from '../stores/approval-edit-store';
import { ApprovalNotices, PatientQuestions } from './approval-notices';
import {
  addToDraft,
  approvalRequestFor,
  draftFromItems,
  draftFromProposal,
} from './approval-draft';
import { DraftEditor } from './draft-editor';
import type { PickedExercises } from './exercise-picker';
import { lastChangeNote } from './history-format';
import { phaseSince } from './program-phase';
import { dosage, ProgramRow } from './program-row';
import { ReorderableList } from './reorderable-list';

// The picker, the history and the timeline are their own chunks: the dashboard's first
// download stays within its budget (scripts/check-web-budgets.mjs) and most visits open none.
const ExercisePicker = lazy(async () => ({
  default: (await import('./exercise-picker')).ExercisePicker,
}));
const ItemHistoryDialog = lazy(async () => ({
  default: (await import('./history-dialogs')).ItemHistoryDialog,
}));
const ProgramHistoryDialog = lazy(async () => ({
  default: (await import('./history-dialogs')).ProgramHistoryDialog,
}));

type Dialog = { kind: 'picker' } | { kind: 'item-history'; hepId: number } | { kind: 'history' };

export const STALE_ORDER_MESSAGE =
  'The program changed elsewhere since you opened it. It has been reloaded: make the move again.';

/**
 * The "Home exercise program" panel of the patient dashboard. A therapist changes the program
 * directly; someone whose changes need a supervisor (needs_approval, a remote PT by default)
 * edits a draft of the whole program and sends it for approval (spec §4). Supervisors and past
 * dates read it only.
 */
export function ProgramPanel({ patient }: { patient: Patient }) {
  const program = useProgram(patient.id);
  const user = useCurrentUser().data;
  const canChange = user !== undefined && givesCareTo(user, patient);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const edit = useApprovalEdit(patient.id);
  const queryClient = useQueryClient();
  const [starting, setStarting] = useState(false);

  // Spec §4: leaving edit clears the pending request; leaving the patient leaves edit.
  useEffect(() => () => dispatchApprovalEdit({ type: 'leave' }), [patient.id]);

  const data = program.data;
  const approvalMode = data?.needs_approval === true && canChange;
  const directMode = data?.needs_approval === false && canChange;

  const startEditing = async (current: Program) => {
    setStarting(true);
    try {
      // A waiting request is revised, not started over: the draft is its proposal.
      const pending = current.pending_request
        ? await queryClient.fetchQuery(pendingApprovalQueryOptions(patient.id))
        : null;
      const proposal = pending?.grouped_videos.flatMap((group) => group.videos) ?? null;
      dispatchApprovalEdit({
        type: 'start',
        patientId: patient.id,
        requestId: pending?.request?.id ?? null,
        draft:
          proposal && pending?.request
            ? draftFromProposal(proposal)
            : draftFromItems(current.items),
      });
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setStarting(false);
    }
  };

  const actions = (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <Button variant="ghost" size="sm" onClick={() => setDialog({ kind: 'history' })}>
        <History aria-hidden="true" className="size-4" />
        History
      </Button>
      <Link
        to={paths.programPrint(patient.id)}
        className="inline-flex min-h-10 items-center gap-2 rounded-control px-3 text-sm font-medium text-ink-muted hover:bg-canvas hover:text-ink"
      >
        <Printer aria-hidden="true" className="size-4" />
        Print
      </Link>
      {directMode && (
        <Button size="sm" onClick={() => setDialog({ kind: 'picker' })}>
          <Plus aria-hidden="true" className="size-4" />
          Add exercises
        </Button>
      )}
      {approvalMode && !edit.editing && data && (
        <Button size="sm" loading={starting} onClick={() => void startEditing(data)}>
          <PencilLine aria-hidden="true" className="size-4" />
          {data.pending_request ? 'Revise the request' : 'Edit program'}
        </Button>
      )}
    </div>
  );

  let body;
  if (program.isPending) {
    body = <PanelLoading label="Loading the program" />;
  } else if (program.isError) {
    body = (
      <PanelError
        error={program.error}
        onRetry={() => void program.refetch()}
        retrying={program.isFetching}
      />
    );
  } else {
    const current = program.data;
    body = (
      <div className="flex flex-col gap-4">
        {(current.needs_approval || current.pending_request || current.last_outcome) && (
          <ApprovalNotices program={current} />
        )}
        <PatientQuestions program={current} canAnswer={canChange} />
        {approvalMode && edit.editing ? (
          <ApprovalDraft
            patient={patient}
            current={current}
            onAddExercises={() => setDialog({ kind: 'picker' })}
          />
        ) : (
          <>
            {approvalMode && (
              <p className="text-sm text-ink-muted">
                Your changes to this program go to a supervisor, who approves them before the
                patient sees them.
              </p>
            )}
            <CurrentProgram
              program={current}
              editable={directMode}
              onHistory={(hepId) => setDialog({ kind: 'item-history', hepId })}
            />
          </>
        )}
      </div>
    );
  }

  const present = new Set(
    edit.editing
      ? edit.draft.map((entry) => entry.video_id)
      : (data?.items ?? []).map((item) => item.video_id),
  );

  return (
    <Card title="Home exercise program" actions={actions}>
      {body}
      <Suspense fallback={null}>
        {dialog?.kind === 'picker' &&
          (edit.editing ? (
            <ExercisePicker
              patient={patient}
              present={present}
              title="Add exercises to the draft"
              submitLabel="Add to draft"
              onSubmit={({ entries }) => {
                dispatchApprovalEdit({ type: 'change', draft: addToDraft(edit.draft, entries) });
                return Promise.resolve();
              }}
              onClose={() => setDialog(null)}
            />
          ) : (
            <SendPicker patient={patient} present={present} onClose={() => setDialog(null)} />
          ))}
        {dialog?.kind === 'item-history' && (
          <ItemHistoryDialog hepId={dialog.hepId} onClose={() => setDialog(null)} />
        )}
        {dialog?.kind === 'history' && (
          <ProgramHistoryDialog patientId={patient.id} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </Card>
  );
}

/** The picker that sends straight to the program, then records the send (spec §7). */
function SendPicker({
  patient,
  present,
  onClose,
}: {
  patient: Patient;
  present: ReadonlySet<number>;
  onClose: () => void;
}) {
  const add = useAddToProgram(patient.id);
  const send = async ({ entries, recommended, phase }: PickedExercises) => {
    await add.mutateAsync(
      entries.map((entry) => ({
        video_id: entry.video_id,
        sets: entry.sets,
        reps: entry.reps,
        hold_seconds: entry.hold_seconds,
        folder_id: entry.folder_id,
        folder_name: entry.folder_name,
      })),
    );
    const sentPhase = phase ?? phaseSince(patient.onboarded_at);
    if (sentPhase !== null) {
      recordHepSend({
        patient: patient.id,
        recommended_videos: recommended,
        sent_videos: entries.map((entry) => entry.video_id),
        phase: sentPhase,
      });
    }
    notify.success(
      `${entries.length === 1 ? '1 exercise' : `${entries.length} exercises`} sent to ${patient.first_name}’s program.`,
    );
  };
  return (
    <ExercisePicker
      patient={patient}
      present={present}
      title={`Add exercises for ${patient.first_name} ${patient.last_name}`}
      submitLabel="Send"
      onSubmit={send}
      onClose={onClose}
    />
  );
}

/** The program now: changed directly by a therapist, read only for everyone else. */
function CurrentProgram({
  program,
  editable,
  onHistory,
}: {
  program: Program;
  editable: boolean;
  onHistory: (hepId: number) => void;
}) {
  const patientId = program.patient_id;
  const timeZone = useClinicTimeZone();
  const update = useUpdateProgramItem(patientId);
  const remove = useRemoveFromProgram(patientId);
  const restore = useRestoreProgramItem();
  const order = useSetProgramOrder(patientId);
  const [staleOrder, setStaleOrder] = useState(false);
  const byId = new Map(program.items.map((item) => [item.id, item]));

  const reorder = (ids: readonly number[]) => {
    setStaleOrder(false);
    order.mutate([...ids], {
      onError: (error) => {
        if (isStaleOrder(error)) {
          setStaleOrder(true);
        } else {
          notify.error(errorMessage(error));
        }
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      {staleOrder && <Alert tone="error">{STALE_ORDER_MESSAGE}</Alert>}
      {program.items.length === 0 ? (
        <EmptyState
          icon={ClipboardList}
          title="No exercises in the program"
          description={
            editable
              ? 'Add exercises from your library or the catalogue; the patient sees them in the app.'
              : 'Nothing has been prescribed yet.'
          }
        />
      ) : (
        <ReorderableList
          ids={program.items.map((item) => item.id)}
          label="Program"
          titleOf={(id) => byId.get(id)?.video.title ?? ''}
          onReorder={reorder}
          disabled={!editable}
          renderItem={(id, index, controls) => {
            const item = byId.get(id) as HepItem;
            return (
              <ProgramRow
                video={item.video}
                sets={item.sets}
                reps={item.reps}
                holdSeconds={item.hold_seconds}
                description={item.description}
                place={index + 1}
                controls={controls}
                footnote={lastChangeNote(item, (iso) => formatClinicDate(iso, timeZone))}
                onHistory={() => onHistory(item.id)}
                onSave={
                  editable
                    ? (change) => update.mutateAsync({ hepId: item.id, body: change })
                    : undefined
                }
                removing={remove.isPending && remove.variables.includes(item.id)}
                onRemove={
                  editable
                    ? () =>
                        remove.mutate([item.id], {
                          onSuccess: () => notify.success(`${item.video.title} removed.`),
                          onError: (error) => notify.error(errorMessage(error)),
                        })
                    : undefined
                }
              />
            );
          }}
        />
      )}
      {editable && program.removed.length > 0 && (
        <section aria-label="Removed items" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-ink">Removed items</h3>
          <ul className="flex flex-col divide-y divide-line rounded-control border border-line">
            {program.removed.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="min-w-0 text-sm">
                  <span className="font-medium text-ink">{item.video.title}</span>{' '}
                  <span className="text-ink-muted">
                    {dosage(item.sets, item.reps)}
                    {item.deleted_at && ` · removed ${formatClinicDate(item.deleted_at, timeZone)}`}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Restore ${item.video.title}`}
                  loading={restore.isPending && restore.variables === item.id}
                  onClick={() =>
                    restore.mutate(item.id, {
                      onSuccess: () =>
                        notify.success(`${item.video.title} is back in the program.`),
                      onError: (error) => notify.error(errorMessage(error)),
                    })
                  }
                >
                  <RotateCcw aria-hidden="true" className="size-4" />
                  Restore
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** Spec §4: the whole program as a local draft, sent for a supervisor's approval. */
function ApprovalDraft({
  patient,
  current,
  onAddExercises,
}: {
  patient: Patient;
  current: Program;
  onAddExercises: () => void;
}) {
  const edit = useApprovalEdit(patient.id);
  const create = useCreateApprovalRequest();
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);

  const send = () => {
    const request = approvalRequestFor(patient.id, edit.draft, note);
    if (!request.ok) {
      setRefusal(request.message);
      return;
    }
    setRefusal(null);
    create.mutate(request.body, {
      onSuccess: () => {
        dispatchApprovalEdit({ type: 'leave' });
        notify.success('Sent for approval. The program changes once a supervisor approves it.');
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <Alert tone="info">
        {edit.requestId === null
          ? 'You are editing a draft of the program. Nothing changes for the patient until a supervisor approves it.'
          : 'You are revising the request that waits for approval; sending replaces it.'}
      </Alert>
      <DraftEditor
        draft={edit.draft}
        current={current.items}
        label="Draft program"
        onChange={(draft) => {
          setRefusal(null);
          dispatchApprovalEdit({ type: 'change', draft });
        }}
        onAddExercises={onAddExercises}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={`approval-note-${patient.id}`} className="text-sm font-medium text-ink">
          Note for the supervisor (optional)
        </label>
        <textarea
          id={`approval-note-${patient.id}`}
          rows={2}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          className="rounded-control border border-line-strong bg-surface px-3 py-2 text-base text-ink"
        />
      </div>
      {refusal && <Alert tone="error">{refusal}</Alert>}
      {create.isError && <Alert tone="error">{errorMessage(create.error)}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button loading={create.isPending} onClick={send}>
          Send for approval
        </Button>
        <Button variant="secondary" onClick={() => dispatchApprovalEdit({ type: 'leave' })}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
