import type { ActiveBanner } from '@homestretch/contract/health/banners';
import type { FunctionalDataType } from '@homestretch/contract/health/functional-data';
import type { HealthChart } from '@homestretch/contract/health/metrics';
import type { Progress, ProgressDay } from '@homestretch/contract/health/progress';
import type { InteractionLog } from '@homestretch/contract/patients/interaction-log';
import type { Patient } from '@homestretch/contract/patients/patient';
import type { PatientReport } from '@homestretch/contract/health/patient-report';

/** Typed answers of the dashboard's endpoints for route tests (shapes checked by apiCall). */

export function patientFixture(overrides: Partial<Patient> = {}): Patient {
  return {
    id: 12,
    first_name: 'Maria',
    last_name: 'Alvarez',
    gender: 'female',
    phone: '+12125550101',
    email: 'maria.alvarez@example.com',
    birthday: '1980-06-24',
    diagnosis: 'Low back pain, unspecified',
    selected_code: 'M5450',
    is_rtm_covered: true,
    status: 'active',
    clinic_code: 'DEMO01',
    has_app_account: true,
    therapists: [{ id: 7, first_name: 'Dana', last_name: 'Reyes', role: 'therapist' }],
    onboarded_at: '2026-09-01T14:00:00.000Z',
    discharged_at: null,
    last_activity_at: '2026-11-19T15:30:00.000Z',
    app_reminder_sent_at: null,
    created_at: '2026-09-01T14:00:00.000Z',
    ...overrides,
  };
}

export function healthChartFixture(from: string, to: string): HealthChart {
  return {
    patient_id: 12,
    from,
    to,
    time_zone: 'America/New_York',
    series: [
      {
        metric: 'pain',
        label: 'Pain Level',
        unit: 'level',
        aggregation: 'average',
        days: [
          { date: to, value: 4, min: 3, max: 5, count: 2, last_value: 3, secondary_value: null },
          { date: from, value: 7, min: 7, max: 7, count: 1, last_value: 7, secondary_value: null },
        ].sort((a, b) => a.date.localeCompare(b.date)),
      },
      {
        metric: 'steps',
        label: 'Steps',
        unit: 'count',
        aggregation: 'sum',
        days: [
          {
            date: to,
            value: 5200,
            min: 200,
            max: 1900,
            count: 6,
            last_value: 400,
            secondary_value: null,
          },
        ],
      },
    ],
  };
}

function day(date: string, overrides: Partial<ProgressDay> = {}): ProgressDay {
  return {
    date,
    future: false,
    pain: 4,
    engagement_minutes: 30,
    steps: 5100,
    exercises_done: 3,
    exercises_assigned: 4,
    adherence: 0.75,
    has_data: true,
    ...overrides,
  };
}

export function progressFixture(weeksAgo: number): Progress {
  const start = weeksAgo === 0 ? '2026-11-16' : '2026-11-09';
  const dates =
    weeksAgo === 0
      ? [
          '2026-11-16',
          '2026-11-17',
          '2026-11-18',
          '2026-11-19',
          '2026-11-20',
          '2026-11-21',
          '2026-11-22',
        ]
      : [
          '2026-11-09',
          '2026-11-10',
          '2026-11-11',
          '2026-11-12',
          '2026-11-13',
          '2026-11-14',
          '2026-11-15',
        ];
  return {
    patient_id: 12,
    weeks_ago: weeksAgo,
    start_date: start,
    end_date: dates[6] ?? start,
    days: dates.map((date, index) =>
      day(date, weeksAgo === 0 && index > 4 ? { future: true, has_data: false } : {}),
    ),
    summary: {
      adherence: 0.75,
      average_pain: weeksAgo === 0 ? 4 : 5.2,
      previous_average_pain: 4.8,
      pain_change: weeksAgo === 0 ? -0.8 : 0.4,
      engagement_minutes: 150,
      average_steps: 5100,
      days_with_data: 5,
      days_elapsed: weeksAgo === 0 ? 5 : 7,
    },
  };
}

export function interactionFixture(overrides: Partial<InteractionLog> = {}): InteractionLog {
  return {
    log_id: 41,
    date: '2026-11-18T14:30:00.000Z',
    notes: 'Reviewed the home program; pain easing.',
    call_duration_seconds: 545,
    voice_call_id: null,
    user_id: 7,
    user_name: 'Dana Reyes',
    created_at: '2026-11-18T14:40:00.000Z',
    ...overrides,
  };
}

export function measureFixture(overrides: Partial<FunctionalDataType> = {}): FunctionalDataType {
  return {
    datatype_id: 3,
    name: 'Knee flexion',
    unit: '°',
    entries: [
      { date: '2026-11-02', value: 95 },
      { date: '2026-11-09', value: 101 },
    ],
    created_at: '2026-11-02T15:00:00.000Z',
    ...overrides,
  };
}

export const painRisingBanner: ActiveBanner = {
  banner: 'pain_rising',
  title: 'Pain rising',
  message: "Last week's pain averaged 6.1, up from 4.2 the week before.",
};

export function reportFixture(patient: Patient): PatientReport {
  const progress = progressFixture(1);
  return {
    patient,
    weeks_ago: 1,
    start_date: progress.start_date,
    end_date: progress.end_date,
    time_zone: 'America/New_York',
    generated_at: '2026-11-20T17:00:00.000Z',
    summary: progress.summary,
    days: progress.days,
    metrics: [
      {
        metric: 'steps',
        label: 'Steps',
        unit: 'count',
        aggregation: 'sum',
        days_with_data: 6,
        value: 5347,
        min: 3120,
        max: 7405,
      },
    ],
    monitoring_seconds: 1260,
    interactions: [interactionFixture()],
    has_interactive_call: true,
    functional_data: [measureFixture()],
  };
}
