import type { MonitoringMonth } from '@homestretch/contract/monitoring/monitoring-month';
import type { PatientMonitoring } from '@homestretch/contract/monitoring/patient-monitoring';
import type { PriorityPatient } from '@homestretch/contract/monitoring/priority-list';
import type { RtmPatientMonth } from '@homestretch/contract/monitoring/rtm-month';

/** Maria's November: 13 minutes, 5 days with data, no live call yet (clinic today Nov 20). */
export function rtmMonthFixture(values: Partial<RtmPatientMonth> = {}): RtmPatientMonth {
  return {
    id: 12,
    first_name: 'Maria',
    last_name: 'Alvarez',
    selected_code: 'M54.50',
    seconds: 13 * 60 + 20,
    minutes: 13,
    next_threshold_minutes: 20,
    remainingMinutes: 7,
    days_left_in_month: 11,
    month_ends_on: '2026-11-30',
    interval: { number: 2, start: '2026-11-05', end: '2026-12-04', data_days: 5 },
    has_interactive_call: false,
    last_call_at: null,
    needs: [
      { kind: 'minutes', text: '7 more minutes by Nov 30 for 98980', due_on: '2026-11-30' },
      { kind: 'call', text: 'A live call by Nov 30', due_on: '2026-11-30' },
      {
        kind: 'data_days',
        text: '11 more days with data by Dec 4 for 98977',
        due_on: '2026-12-04',
      },
    ],
    ...values,
  };
}

export function patientMonitoringFixture(
  values: Partial<PatientMonitoring> = {},
): PatientMonitoring {
  return {
    month: '2026-11',
    time_zone: 'America/New_York',
    status: rtmMonthFixture(),
    by_therapist: [{ user_id: 1, therapist_name: 'Dana Reyes', seconds: 13 * 60 + 20 }],
    sessions: [
      {
        id: 7,
        user_id: 1,
        therapist_name: 'Dana Reyes',
        context: 'patient_dashboard',
        started_at: '2026-11-18T15:02:00.000Z',
        ended_at: '2026-11-18T15:10:20.000Z',
        seconds: 500,
      },
      {
        id: 6,
        user_id: 1,
        therapist_name: 'Dana Reyes',
        context: 'patient_dashboard',
        started_at: '2026-11-10T14:00:00.000Z',
        ended_at: '2026-11-10T14:05:00.000Z',
        seconds: 300,
      },
    ],
    ...values,
  };
}

export function monitoringMonthFixture(values: Partial<MonitoringMonth> = {}): MonitoringMonth {
  const results = [
    rtmMonthFixture(),
    rtmMonthFixture({
      id: 14,
      first_name: 'James',
      last_name: 'Okoye',
      seconds: 22 * 60,
      minutes: 22,
      next_threshold_minutes: 40,
      remainingMinutes: 18,
      has_interactive_call: true,
      last_call_at: '2026-11-12T16:00:00.000Z',
      needs: [
        { kind: 'minutes', text: '18 more minutes by Nov 30 for 98981', due_on: '2026-11-30' },
      ],
    }),
  ];
  return {
    month: '2026-11',
    time_zone: 'America/New_York',
    results,
    totals: { patients: 2, my_seconds: 35 * 60 + 20, reached_10: 2, reached_20: 1, with_call: 1 },
    ...values,
  };
}

/** A patient of the priority list, short of `remainingMinutes` this month. */
export function priorityPatientFixture(id: number, remainingMinutes = 10): PriorityPatient {
  return rtmMonthFixture({
    id,
    first_name: `First${id}`,
    last_name: `Last${id}`,
    selected_code: null,
    seconds: 0,
    minutes: 0,
    next_threshold_minutes: 10,
    remainingMinutes,
    days_left_in_month: 5,
    interval: { number: 1, start: '2026-11-01', end: '2026-11-30', data_days: 12 },
    needs: [],
  });
}
