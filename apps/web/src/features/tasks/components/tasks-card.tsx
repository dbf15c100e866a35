import type { Task } from '@homestretch/contract/tasks/list-tasks';
import {
  TASK_STATUSES,
  type TaskKind,
  type TaskStatus,
} from '@homestretch/contract/tasks/task-kinds';
import { Activity, Check, CheckCircle2, ClipboardList, Phone, Timer } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-messages';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { cx } from '../../../ui/cx';
import { EmptyState } from '../../../ui/empty-state';
import { formatClinicDate } from '../../../lib/clinic-time';
import { formatDate } from '../../../ui/format-date';
import { useClinicTimeZone } from '../../auth/api/current-user';
import { Pager } from '../../../ui/pager';
import { PanelError, PanelLoading } from '../../../ui/panel-states';
import { notify } from '../../../ui/toasts';
import { useCompleteTask } from '../api/complete-task';
import { useTasks } from '../api/list-tasks';

const STATUS_LABELS: Record<TaskStatus, string> = { new: 'New', done: 'Done' };

const KIND_ICONS: Record<TaskKind, LucideIcon> = {
  no_data: ClipboardList,
  pain_rising: Activity,
  call_due: Phone,
  minutes_short: Timer,
};

function TaskRow({ task, onDone, busy }: { task: Task; onDone?: () => void; busy: boolean }) {
  const timeZone = useClinicTimeZone();
  const Icon = KIND_ICONS[task.kind];
  const name = `${task.patient.first_name} ${task.patient.last_name}`;
  return (
    <li className="flex items-start gap-3 py-3">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="text-sm font-medium text-ink">{task.reason}</p>
        <p className="flex flex-wrap gap-x-3 text-sm text-ink-muted">
          <Link
            to={paths.patientDashboard(task.patient.id)}
            className="font-medium text-brand-700 underline hover:text-brand-800"
          >
            {name}
          </Link>
          {task.status === 'done' && task.done_at ? (
            <span>Done {formatClinicDate(task.done_at, timeZone)}</span>
          ) : (
            task.due_on && <span>Due {formatDate(task.due_on)}</span>
          )}
        </p>
      </div>
      {onDone && (
        <Button
          variant="secondary"
          size="sm"
          onClick={onDone}
          disabled={busy}
          aria-label={`Mark done: ${task.reason} (${name})`}
        >
          <Check aria-hidden="true" className="size-4" />
          Done
        </Button>
      )}
    </li>
  );
}

/**
 * spec §4 Tasks, for the therapist dashboard: what the patients' data calls for, new ones first
 * (the default filter); marking one done takes it off the list at once.
 */
export function TasksCard() {
  const [status, setStatus] = useState<TaskStatus>('new');
  const [page, setPage] = useState(1);
  const tasks = useTasks(status, page);
  const complete = useCompleteTask();

  const done = (task: Task) =>
    complete.mutate(task.id, {
      onSuccess: () => notify.success('Task done'),
      onError: (error) => notify.error(errorMessage(error)),
    });

  const filter = (
    <div
      role="group"
      aria-label="Task status"
      className="flex rounded-control border border-line-strong bg-surface p-0.5"
    >
      {TASK_STATUSES.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={status === value}
          onClick={() => {
            setStatus(value);
            setPage(1);
          }}
          className={cx(
            'inline-flex min-h-9 items-center rounded-[0.375rem] px-3 text-sm',
            status === value
              ? 'bg-brand-50 font-medium text-brand-800'
              : 'text-ink-muted hover:text-ink',
          )}
        >
          {STATUS_LABELS[value]}
        </button>
      ))}
    </div>
  );

  let body;
  if (tasks.isPending) {
    body = <PanelLoading label="Loading tasks" />;
  } else if (tasks.isError) {
    body = (
      <PanelError
        error={tasks.error}
        onRetry={() => void tasks.refetch()}
        retrying={tasks.isFetching}
      />
    );
  } else if (tasks.data.results.length === 0) {
    body =
      status === 'new' ? (
        <EmptyState
          icon={CheckCircle2}
          title="No tasks — nothing needs your attention"
          description="Tasks appear here when a patient's data calls for a call, a check-in or more monitoring."
        />
      ) : (
        <EmptyState icon={CheckCircle2} title="No tasks done yet" />
      );
  } else {
    body = (
      <>
        <ul aria-label={`${STATUS_LABELS[status]} tasks`} className="divide-y divide-line">
          {tasks.data.results.map((task) => (
            <TaskRow
              key={task.id}
              task={task}
              busy={complete.isPending && complete.variables === task.id}
              {...(status === 'new' ? { onDone: () => done(task) } : {})}
            />
          ))}
        </ul>
        <Pager
          className="mt-3"
          label="Task pages"
          page={page}
          count={tasks.data.count}
          onChange={setPage}
        />
      </>
    );
  }

  return (
    <Card title="Tasks" actions={filter}>
      {body}
    </Card>
  );
}
