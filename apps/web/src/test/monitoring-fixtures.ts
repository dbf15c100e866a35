import type { PriorityPatient } from '@homestretch/contract/monitoring/priority-list';

/** A patient of the priority list, short of `remainingMinutes` this month. */
export function priorityPatientFixture(id: number, remainingMinutes = 10): PriorityPatient {
  return {
    id,
    first_name: `First${id}`,
    last_name: `Last${id}`,
    selected_code: null,
    seconds: 0,
    minutes: 0,
    next_threshold_minutes: 10,
    remainingMinutes,
    days_left_in_month: 5,
    month_ends_on: '2026-11-30',
    interval: { number: 1, start: '2026-11-01', end: '2026-11-30', data_days: 12 },
    has_interactive_call: false,
    last_call_at: null,
    needs: [],
  };
}
