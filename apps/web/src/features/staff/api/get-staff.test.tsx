import type { StaffMember } from '@homestretch/contract/staff/list-staff';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { mockApi } from '../../../test/mock-api';
import { useTreatingStaff } from './get-staff';
import { useSetStaffApproval } from './set-staff-approval';

const member: StaffMember = {
  id: 7,
  email: 'sam@clinic.test',
  first_name: 'Sam',
  last_name: 'Okafor',
  role: 'therapist',
  role_label: 'Staff Therapist',
  last_login: null,
  can_treat: false,
  patient_count: 0,
  approval_status: 'pending',
  supervisor_id: null,
  assistant_kind: null,
};

describe('one staff list for the staff screen and the therapist pickers', () => {
  it('refreshes the pickers as soon as an account is approved', async () => {
    let approved = false;
    const api = mockApi({
      'GET /clinic/therapist': ({ url }) => {
        expect(url.searchParams.get('can_treat')).toBe('true');
        return {
          body: approved
            ? { results: [{ ...member, can_treat: true }], count: 1 }
            : { results: [], count: 0 },
        };
      },
      'PATCH /clinic/therapist/approval': () => {
        approved = true;
        return { body: { ...member, approval_status: 'approved', can_treat: true } };
      },
    });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({ picker: useTreatingStaff(''), approve: useSetStaffApproval() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.picker.data?.count).toBe(0));

    await act(() => result.current.approve.mutateAsync({ user_id: 7, status: 'approved' }));

    await waitFor(() => expect(result.current.picker.data?.results[0]?.last_name).toBe('Okafor'));
    expect(api.calls().filter((call) => call === 'GET /clinic/therapist')).toHaveLength(2);
  });
});
