import type { StaffMember } from '@homestretch/contract/staff/list-staff';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsFixture, staffMemberFixture, userFixture } from '../../test/fixtures';
import { errorBody, mockApi, type MockHandler, type MockReply } from '../../test/mock-api';
import { renderApp, resetAuth } from '../../test/render-app';

const ADMIN = userFixture({ id: 1, role: 'admin', first_name: 'Ada', last_name: 'Admin' });
const SAM = staffMemberFixture({ id: 11 });
const RIA = staffMemberFixture({
  id: 12,
  first_name: 'Ria',
  last_name: 'Remote',
  email: 'ria@example.org',
  role: 'remote_therapist',
  role_label: 'Remote PT',
});
const ZOE = staffMemberFixture({
  id: 30,
  first_name: 'Zoe',
  last_name: 'Park',
  email: 'zoe@example.org',
  role: 'supervisor',
  role_label: 'Remote Supervisor',
  can_treat: false,
});
const PIA = staffMemberFixture({
  id: 13,
  first_name: 'Pia',
  last_name: 'Pending',
  email: 'pia@example.org',
  approval_status: 'pending',
  can_treat: false,
});
const DEV = staffMemberFixture({
  id: 14,
  first_name: 'Dev',
  last_name: 'Waiting',
  email: 'dev@example.org',
  role: 'remote_therapist',
  role_label: 'Remote PT',
  approval_status: 'pending',
  can_treat: false,
});
const SELF = staffMemberFixture({
  id: 1,
  first_name: 'Ada',
  last_name: 'Admin',
  email: 'ada@example.org',
  role: 'admin',
  role_label: 'Administrator',
});

/** The clinic as the server keeps it: a role change or an assignment shows on the next read. */
function clinicServer(
  user = ADMIN,
  routes: Record<string, MockHandler | MockReply> = {},
  people: StaffMember[] = [SELF, SAM, RIA, ZOE],
) {
  let team = people;
  const change = (id: number, values: Partial<StaffMember>) => {
    team = team.map((member) => (member.id === id ? { ...member, ...values } : member));
    return { body: team.find((member) => member.id === id) };
  };
  return mockApi({
    'GET /api/v1/users/': { body: { results: [user], count: 1 } },
    'GET /user/settings-info': { body: settingsFixture },
    'GET /chat/unread': { body: { unread_message_count: 0 } },
    'GET /clinic/therapist': ({ url }) => {
      const role = url.searchParams.get('role');
      const results = team.filter((member) => !role || member.role === role);
      return { body: { results, count: results.length } };
    },
    'PATCH /clinic/staff/12/role': ({ body }) => {
      const { role } = body as { role: 'manager' };
      team = team.map((member) =>
        member.id === 12
          ? { ...member, role, role_label: 'Office Manager', can_treat: false }
          : member,
      );
      return { body: team.find((member) => member.id === 12) };
    },
    'PATCH /admin/clinic/update/supervisor': ({ body }) => {
      const { therapist_ids: ids = [SAM.id, RIA.id] } = body as { therapist_ids?: number[] };
      team = team.map((member) =>
        ids.includes(member.id) ? { ...member, supervisor_id: 30 } : member,
      );
      const therapists = team
        .filter((member) => member.supervisor_id === 30 && member.role !== 'manager')
        .map(({ id, first_name, last_name, email, role }) => ({
          id,
          first_name,
          last_name,
          email,
          role,
        }));
      return {
        body: {
          supervisor: { id: 30, first_name: 'Zoe', last_name: 'Park', email: 'zoe@example.org' },
          therapists,
          assigned_ids: ids,
        },
      };
    },
    'PATCH /clinic/therapist/approval': ({ body }) => {
      const { user_id: id, status } = body as { user_id: number; status: 'approved' };
      return change(id, { approval_status: status });
    },
    'PATCH /clinic/staff/11/assistant-kind': ({ body }) =>
      change(11, body as Pick<StaffMember, 'assistant_kind'>),
    'DELETE /clinic/staff/12/supervisor': () => change(12, { supervisor_id: null }),
    ...routes,
  });
}

beforeAll(async () => {
  await import('./clinic-admin-page');
});

beforeEach(() => {
  resetAuth();
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('clinic_admin (/clinic-admin): Staff & supervisors', () => {
  it('is in the administrator’s menu and lists staff with role, therapist type and supervisor', async () => {
    clinicServer();
    renderApp('/clinic-admin');
    const menu = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 });
    expect(within(menu).getByRole('link', { name: 'Clinic admin' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('tab', { name: 'Staff & supervisors' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const table = await screen.findByRole('table', { name: 'Staff' });
    const samRow = within(table).getByRole('row', { name: /Sam Okafor/ });
    expect(within(samRow).getByRole('button', { name: /Role of Sam Okafor/ })).toHaveTextContent(
      'Staff Therapist',
    );
    // An approved account needs nothing from the administrator: no badge, no buttons.
    expect(samRow).not.toHaveTextContent(/approval/i);
    expect(within(samRow).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(
      within(samRow).getByRole('button', { name: /Supervisor of Sam Okafor/ }),
    ).toHaveTextContent('No supervisor');
    // Their own role and a supervisor's are not changed here.
    const selfRow = within(table).getByRole('row', { name: /Ada Admin/ });
    expect(within(selfRow).queryByRole('button', { name: /Role of/ })).not.toBeInTheDocument();
    expect(selfRow).toHaveTextContent('Administrator');
    const zoeRow = within(table).getByRole('row', { name: /Zoe Park/ });
    expect(within(zoeRow).queryByRole('button')).not.toBeInTheDocument();
    const supervisors = screen.getByRole('region', { name: 'Supervisors' });
    expect(supervisors).toHaveTextContent('zoe@example.org');
  });

  it('changes a role and assigns a supervisor, one therapist or all without one', async () => {
    const api = clinicServer();
    const user = userEvent.setup();
    renderApp('/clinic-admin');
    const table = await screen.findByRole('table', { name: 'Staff' }, { timeout: 5000 });

    await user.click(within(table).getByRole('button', { name: /Role of Ria Remote/ }));
    await user.click(screen.getByRole('option', { name: 'Office Manager' }));
    expect(await screen.findByText('Ria Remote is now Office Manager.')).toBeInTheDocument();
    expect(api.bodiesOf('PATCH /clinic/staff/12/role')).toEqual([{ role: 'manager' }]);

    await user.click(within(table).getByRole('button', { name: /Supervisor of Sam Okafor/ }));
    await user.click(screen.getByRole('option', { name: 'Zoe Park' }));
    expect(await screen.findByText('Zoe Park now supervises Sam Okafor.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(table).getByRole('button', { name: /Supervisor of Sam Okafor/ }),
      ).toHaveTextContent('Zoe Park'),
    );

    await user.click(
      screen.getByRole('button', { name: 'Assign therapists without a supervisor' }),
    );
    expect(await screen.findByText('Zoe Park now supervises 1 therapist.')).toBeInTheDocument();
    expect(api.bodiesOf('PATCH /admin/clinic/update/supervisor')).toEqual([
      { user_id: 30, therapist_ids: [11] },
      { user_id: 30 },
    ]);
  });

  it('approves a waiting account and declines another right in the list (issue 30)', async () => {
    const api = clinicServer(ADMIN, {}, [SELF, PIA, DEV, SAM, ZOE]);
    const user = userEvent.setup();
    renderApp('/clinic-admin');
    const table = await screen.findByRole('table', { name: 'Staff' }, { timeout: 5000 });
    const piaRow = within(table).getByRole('row', { name: /Pia Pending/ });
    expect(piaRow).toHaveTextContent('Pending approval');

    await user.click(within(piaRow).getByRole('button', { name: 'Approve Pia Pending' }));
    expect(
      await screen.findByText('Pia Pending is approved and can now open your clinic’s patients.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(table).queryByRole('button', { name: 'Approve Pia Pending' }),
      ).not.toBeInTheDocument(),
    );
    expect(within(table).getByRole('row', { name: /Pia Pending/ })).not.toHaveTextContent(
      'Pending approval',
    );

    await user.click(within(table).getByRole('button', { name: 'Decline Dev Waiting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline Dev Waiting?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline account' }));
    expect(
      await screen.findByText('Dev Waiting’s account is declined and signed out.'),
    ).toBeInTheDocument();
    expect(api.bodiesOf('PATCH /clinic/therapist/approval')).toEqual([
      { user_id: 13, status: 'approved' },
      { user_id: 14, status: 'declined' },
    ]);
  });

  it('says whether a therapist is licensed or an assistant, and takes a supervisor away', async () => {
    const api = clinicServer(ADMIN, {}, [SELF, SAM, { ...RIA, supervisor_id: 30 }, ZOE]);
    const user = userEvent.setup();
    renderApp('/clinic-admin');
    const table = await screen.findByRole('table', { name: 'Staff' }, { timeout: 5000 });

    const samType = within(table).getByRole('button', { name: /Therapist type of Sam Okafor/ });
    expect(samType).toHaveTextContent('Licensed therapist');
    await user.click(samType);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Licensed therapist',
      'Physical therapist assistant (PTA)',
      'Occupational therapy assistant (OTA)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Physical therapist assistant (PTA)' }));
    expect(
      await screen.findByText('Sam Okafor is now Physical therapist assistant (PTA).'),
    ).toBeInTheDocument();
    expect(api.bodiesOf('PATCH /clinic/staff/11/assistant-kind')).toEqual([
      { assistant_kind: 'PTA' },
    ]);
    // Only clinicians are licensed or assistants.
    const zoeRow = within(table).getByRole('row', { name: /zoe@example.org/ });
    expect(
      within(zoeRow).queryByRole('button', { name: /Therapist type/ }),
    ).not.toBeInTheDocument();

    const riaSupervisor = within(table).getByRole('button', { name: /Supervisor of Ria Remote/ });
    expect(riaSupervisor).toHaveTextContent('Zoe Park');
    await user.click(riaSupervisor);
    await user.click(screen.getByRole('option', { name: 'No supervisor' }));
    expect(await screen.findByText('Ria Remote has no supervisor now.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(table).getByRole('button', { name: /Supervisor of Ria Remote/ }),
      ).toHaveTextContent('No supervisor'),
    );
    expect(api.bodiesOf('DELETE /clinic/staff/12/supervisor')).toHaveLength(1);
    expect(api.bodiesOf('PATCH /admin/clinic/update/supervisor')).toEqual([]);
  });

  it('says why a change was refused', async () => {
    clinicServer(ADMIN, {
      'PATCH /clinic/staff/11/role': {
        status: 422,
        body: errorBody(
          'rule_violation',
          'Sam Okafor still treats 3 active patients: change their therapist first',
        ),
      },
    });
    const user = userEvent.setup();
    renderApp('/clinic-admin');
    const table = await screen.findByRole('table', { name: 'Staff' }, { timeout: 5000 });
    await user.click(within(table).getByRole('button', { name: /Role of Sam Okafor/ }));
    await user.click(screen.getByRole('option', { name: 'Office Manager' }));
    expect(
      await screen.findByText(/still treats 3 active patients: change their therapist first/),
    ).toBeInTheDocument();
  });

  it('sends anyone but the administrator to their home screen', async () => {
    clinicServer(userFixture({ role: 'therapist' }), {
      'GET /api/v1/patients/': { body: { results: [], count: 0 } },
    });
    const { router } = renderApp('/clinic-admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/patients'), {
      timeout: 5000,
    });
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', {
        name: 'Clinic admin',
      }),
    ).not.toBeInTheDocument();
  });
});
