import type { BillingChart } from '@homestretch/contract/billing/billing-chart';
import type {
  BillingFileCheck,
  UploadedBillingFile,
} from '@homestretch/contract/billing/billing-files';
import type { BillingInfo } from '@homestretch/contract/billing/billing-info';
import type { BillingExplanation } from '@homestretch/contract/billing/billing-patient';
import type { BillingPatient, BillingUnits } from '@homestretch/contract/billing/billing-units';

/*
 * A clinic's November 2026 as the billing endpoints answer it (clinic today Nov 26): Maria has
 * set-up and device supply to bill and still needs minutes and the call; James is complete;
 * Linda has nothing billable yet.
 */

export const MARIA: BillingPatient = {
  patient: { id: 12, first_name: 'Maria', last_name: 'Alvarez', is_rtm_covered: true },
  billable: [
    {
      code: '98975',
      units: 1,
      modifiers: ['GP'],
      date_of_service: '2026-11-03',
      period: '2026-11',
      days_with_data: 2,
      reasons: ['Monitoring started Nov 2 and data arrived on 2 days: set-up once per episode'],
      amount: 21.17,
    },
  ],
  // Her 30-day period has its days but ends after today (Nov 26): billed on Nov 30.
  upcoming: [
    {
      code: '98977',
      units: 1,
      modifiers: ['GP'],
      date_of_service: '2026-11-30',
      period: '2026-11',
      interval: { start: '2026-11-01', end: '2026-11-30' },
      days_with_data: 18,
      reasons: ['18 days with data in Nov 1 – Nov 30 (16 needed)'],
      amount: 40.2,
    },
  ],
  not_billable: [
    {
      code: '98980',
      period: '2026-11',
      missing: [
        '6 more minutes and the interactive call by Nov 30',
        '14 minutes of monitoring in November so far (20 needed)',
      ],
      by: '2026-11-30',
    },
  ],
  amount: 21.17,
};

export const JAMES: BillingPatient = {
  patient: { id: 14, first_name: 'James', last_name: 'Okoro', is_rtm_covered: true },
  billable: [
    {
      code: '98980',
      units: 1,
      modifiers: ['GP', 'CQ'],
      date_of_service: '2026-11-18',
      period: '2026-11',
      minutes: 24,
      call_date: '2026-11-12',
      reasons: ['24 minutes of monitoring (20 needed)', 'A 9-minute call on Nov 12'],
      amount: 54.3,
    },
  ],
  upcoming: [],
  not_billable: [],
  amount: 54.3,
};

export const LINDA: BillingPatient = {
  patient: { id: 15, first_name: 'Linda', last_name: 'Chen', is_rtm_covered: true },
  billable: [],
  upcoming: [],
  not_billable: [
    {
      code: '98985',
      period: '2026-11',
      missing: [
        '1 more day with data by Dec 2',
        '1 of 2 days with data so far in the 30-day period Nov 3 – Dec 2',
      ],
      by: '2026-12-02',
    },
    {
      code: '98979',
      period: '2026-11',
      missing: [
        '4 more minutes and the interactive call by Nov 30',
        '6 minutes of monitoring in November so far (10 needed)',
      ],
      by: '2026-11-30',
    },
  ],
  amount: 0,
};

/** Maria's October, over: the minutes and the call never came; her device period ends later. */
export const MARIA_CLOSED: BillingPatient = {
  ...MARIA,
  upcoming: [],
  not_billable: [
    {
      code: '98980',
      period: '2026-10',
      missing: [
        '20 minutes not reached in October (14 minutes of monitoring)',
        'no interactive call in October',
      ],
      by: null,
    },
    {
      code: '98977',
      period: '2026-10',
      missing: [
        'the 30-day period Oct 18–Nov 16 ends after October: it is billed in the month it ends',
      ],
      by: null,
    },
  ],
};

export function billingUnitsFixture(values: Partial<BillingUnits> = {}): BillingUnits {
  return {
    month: 11,
    year: 2026,
    period: '2026-11',
    currency: 'USD',
    computed_at: '2026-11-26T19:05:00.000Z',
    closed: false,
    totals: [
      { code: '98975', units: 1, patients: 1, amount: 21.17 },
      { code: '98980', units: 1, patients: 1, amount: 54.3 },
    ],
    total_units: 2,
    total_amount: 75.47,
    patients: { results: [MARIA, JAMES, LINDA], count: 3 },
    ...values,
  };
}

export function billingExplanationFixture(): BillingExplanation {
  return {
    ...MARIA,
    case: {
      time_zone: 'America/New_York',
      rtm_covered: true,
      episodes: [{ start: '2026-11-02', end: null }],
      data_days: ['2026-11-02', '2026-11-03', '2026-11-05', '2026-11-09', '2026-12-01'],
      monitoring: [
        { start: '2026-11-04T14:00:00.000Z', end: '2026-11-04T14:08:30.000Z', assistant: false },
        { start: '2026-11-16T15:30:00.000Z', end: '2026-11-16T15:35:30.000Z', assistant: 'PTA' },
      ],
      calls: [],
      month: '2026-11',
      as_of: '2026-11-26T19:05:00.000Z',
    },
  };
}

export function billingChartFixture(): BillingChart {
  return {
    year: 2026,
    currency: 'USD',
    months: Array.from({ length: 12 }, (_, index) => {
      const month = index + 1;
      if (month > 11 || month < 9) {
        return { month, units: null, amount: null, patients: null };
      }
      return { month, units: month * 2, amount: month * 50.5, patients: month };
    }),
  };
}

export const UPLOADED_FILE: UploadedBillingFile = {
  id: 3,
  month: 10,
  year: 2026,
  name: 'october-claims.xlsx',
  size: 18_432,
  content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  uploaded_at: '2026-11-03T16:00:00.000Z',
  uploaded_by: { id: 1, first_name: 'Alex', last_name: 'Morgan' },
};

export function fileCheckFixture(values: Partial<BillingFileCheck> = {}): BillingFileCheck {
  return {
    month: 11,
    year: 2026,
    uploaded: null,
    generated: { rows: 4, patients: 2, amount: 115.67, computed_at: '2026-11-26T19:05:00.000Z' },
    ...values,
  };
}

export function billingInfoFixture(): BillingInfo {
  return {
    provider_info: {
      first_name: 'Dana',
      last_name: 'Reyes',
      credentials: 'DPT',
      npi: '1234567893',
    },
    practice_info: {
      name: 'Riverside Physio',
      npi: '1245319599',
      tax_id: '12-3456789',
      address: { line1: '12 River St', line2: '', city: 'Albany', state: 'NY', zip: '12207' },
      phone: '(518) 555-0142',
      place_of_service: '11',
      messaging_counts_as_interactive: false,
    },
    updated_at: '2026-11-02T15:00:00.000Z',
  };
}
