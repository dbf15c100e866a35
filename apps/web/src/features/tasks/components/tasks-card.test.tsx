import type { Task, TaskList } from '@homestretch/contract/tasks/list-tasks';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app';
import { createQueryClient } from '../../../app/query-client';
import { errorBody, mockApi } from '../../../test/mock-api';
import { TasksCard } from './tasks-card';

function task(id: number, values: Partial<Task> = {}): Task {
  return {
    id,
    status: 'new',
    kind: 'no_data',
    reason: `No data from the app since Nov ${20 + id}`,
    due_on: '2026-11-26',
    created_at: '2026-11-26T15:00:00.000Z',
    done_at: null,
    patient: { id: 40 + id, first_name: 'Ada', last_name: `Lane${id}` },
    ...values,
  };
}

const page = (results: Task[]): TaskList => ({ results, count: results.length });

function renderCard() {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <TasksCard />
      </MemoryRouter>
    </AppProviders>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the tasks card', () => {
  it('lists the new tasks with their reasons, due dates and patients, and filters to done', async () => {
    const api = mockApi({
      'GET /api/v1/tasks/': ({ url }) => ({
        body:
          url.searchParams.get('status') === 'done'
            ? page([
                task(9, {
                  status: 'done',
                  done_at: '2026-11-25T15:00:00.000Z',
                  reason: 'Pain up from 3.1 to 5.4 over the last week',
                }),
              ])
            : page([
                task(1),
                task(2, {
                  kind: 'call_due',
                  reason: 'No live call logged this month; the month ends Nov 30',
                  due_on: '2026-11-30',
                }),
              ]),
      }),
    });
    const user = userEvent.setup();
    renderCard();
    const list = await screen.findByRole('list', { name: 'New tasks' });
    expect(within(list).getByText('No data from the app since Nov 21')).toBeInTheDocument();
    expect(within(list).getByText('Due Nov 30, 2026')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Ada Lane1' })).toHaveAttribute(
      'href',
      '/patient/41/dashboard',
    );
    expect(screen.getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.fetch.mock.calls[0]?.[0]).toContain('status=new');

    await user.click(screen.getByRole('button', { name: 'Done' }));
    const done = await screen.findByRole('list', { name: 'Done tasks' });
    expect(
      within(done).getByText('Pain up from 3.1 to 5.4 over the last week'),
    ).toBeInTheDocument();
    expect(within(done).getByText('Done Nov 25, 2026')).toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: /Mark done/ })).toBeNull();
  });

  it('takes a task off the list at once when marked done', async () => {
    let tasks = [task(1), task(2)];
    let release: () => void = () => undefined;
    const api = mockApi({
      'GET /api/v1/tasks/': () => ({ body: page(tasks) }),
      'POST /api/v1/tasks/1/done/': async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        tasks = [task(2)];
        return { body: task(1, { status: 'done', done_at: '2026-11-26T16:00:00.000Z' }) };
      },
    });
    const user = userEvent.setup();
    renderCard();
    const list = await screen.findByRole('list', { name: 'New tasks' });
    await user.click(
      within(list).getByRole('button', {
        name: 'Mark done: No data from the app since Nov 21 (Ada Lane1)',
      }),
    );
    // Gone before the server has answered.
    await waitFor(() => expect(screen.queryByText('No data from the app since Nov 21')).toBeNull());
    release();
    expect(await screen.findByText('Task done')).toBeInTheDocument();
    expect(api.calls()).toContain('POST /api/v1/tasks/1/done/');
    expect(screen.getByText('No data from the app since Nov 22')).toBeInTheDocument();
  });

  it('puts the task back and says why when marking it done fails', async () => {
    mockApi({
      'GET /api/v1/tasks/': { body: page([task(1)]) },
      'POST /api/v1/tasks/1/done/': {
        status: 409,
        body: errorBody('conflict', 'This task was already done on Nov 25'),
      },
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: /Mark done/ }));
    expect(await screen.findByText('This task was already done on Nov 25')).toBeInTheDocument();
    expect(screen.getByText('No data from the app since Nov 21')).toBeInTheDocument();
  });

  it('says when nothing needs attention, and when the list cannot load', async () => {
    mockApi({ 'GET /api/v1/tasks/': { body: page([]) } });
    renderCard();
    expect(await screen.findByText('No tasks — nothing needs your attention')).toBeInTheDocument();
    cleanup();
    vi.unstubAllGlobals();

    mockApi({
      'GET /api/v1/tasks/': {
        status: 403,
        body: errorBody(
          'forbidden',
          'Your role (Office Manager) may not see or complete tasks about patients.',
        ),
      },
    });
    renderCard();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role (Office Manager) may not see or complete tasks about patients.',
    );
  });
});
