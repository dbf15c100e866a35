import { PAGE_SIZE } from '@homestretch/contract/common/constants';
import { pageOffset } from '@homestretch/contract/common/pagination';
import type { Task, TaskList } from '@homestretch/contract/tasks/list-tasks';
import type { TaskStatus } from '@homestretch/contract/tasks/task-kinds';
import { writeAudit } from '../../platform/audit';
import { localDate } from '../../platform/calendar';
import { type AuthedCtx, clinicScope, clinicTimeZone } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { coversEveryPatient } from '../../platform/permissions';
import { shortDay } from './task-rules';
import {
  type TaskRow,
  type TaskViewer,
  findVisibleTask,
  listTaskPage,
  markTaskDone,
} from './tasks.repo';

/** The clinic's admin sees every patient's tasks; a therapist, those of the patients they treat. */
function viewerOf(ctx: AuthedCtx): TaskViewer {
  return { userId: ctx.caller.user.id, allPatients: coversEveryPatient(ctx.caller.user) };
}

function toTaskDto(row: TaskRow): Task {
  return {
    id: row.id,
    status: row.status,
    kind: row.kind,
    reason: row.reason,
    due_on: row.dueOn,
    created_at: row.createdAt.toISOString(),
    done_at: row.doneAt?.toISOString() ?? null,
    patient: {
      id: row.patientId,
      first_name: row.patientFirstName,
      last_name: row.patientLastName,
    },
  };
}

/**
 * spec §4 Tasks: a page of the caller's tasks of one status (default new). Audited as a read:
 * each task names a patient and what their data shows.
 */
export async function listTasks(
  ctx: AuthedCtx,
  query: { status: TaskStatus; page: number },
): Promise<TaskList> {
  const scope = clinicScope(ctx);
  const { rows, count } = await listTaskPage(ctx.db, scope, viewerOf(ctx), {
    status: query.status,
    limit: PAGE_SIZE,
    offset: pageOffset(query.page),
  });
  await ctx.audit.recordRead(ctx.meta, {
    action: 'task.list',
    clinicId: scope.clinicId,
    actorUserId: ctx.caller.user.id,
    details: {
      status: query.status,
      page: query.page,
      patient_ids: [...new Set(rows.map((row) => row.patientId))],
    },
  });
  return { results: rows.map(toTaskDto), count };
}

/**
 * Marks a task done, recording who and when (spec §4: it leaves the new list). Another clinic's
 * task, or one about a patient the caller does not treat, is not found; a task done already is a
 * 409 naming when, so a second click or a colleague's earlier one is told apart from success.
 */
export async function completeTask(ctx: AuthedCtx, taskId: number): Promise<Task> {
  const scope = clinicScope(ctx);
  const viewer = viewerOf(ctx);
  const task = await findVisibleTask(ctx.db, scope, viewer, taskId);
  if (!task) {
    throw notFound('Task');
  }
  const now = ctx.clock.now();
  const done = await ctx.db.transaction(async (tx) => {
    const row = await markTaskDone(tx, scope, taskId, { at: now, by: ctx.caller.user.id });
    if (row) {
      await writeAudit(tx, ctx.meta, {
        action: 'task.completed',
        clinicId: scope.clinicId,
        actorUserId: ctx.caller.user.id,
        patientId: row.patientId,
        targetType: 'task',
        targetId: row.id,
        details: { kind: row.kind, period_key: row.periodKey },
      });
    }
    return row;
  });
  if (!done) {
    const doneOn = task.doneAt
      ? ` on ${shortDay(localDate(task.doneAt, clinicTimeZone(ctx)))}`
      : '';
    throw new AppError('conflict', `This task was already done${doneOn}`);
  }
  return toTaskDto({
    ...done,
    patientFirstName: task.patientFirstName,
    patientLastName: task.patientLastName,
  });
}
