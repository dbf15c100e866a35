import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import type { BillingFileRow } from './stored-runs.repo';
import { BILLING_FILE_COLUMNS, billingFileTable, toCsv, toXlsx } from './billing-file';

const row = (over: Partial<BillingFileRow> = {}): BillingFileRow => ({
  patientId: 41,
  firstName: 'Maria',
  lastName: 'Álvarez, "Mimi"',
  birthday: '1958-04-09',
  selectedCode: 'M17.11',
  rtmCovered: true,
  units: 2,
  amount: 94,
  upcoming: [],
  notBillable: [],
  attention: false,
  staff: {
    rendering: { id: 3, name: 'Dana Whitfield', npi: '1922334457' },
    assistants: ['Alex Kim (PTA)'],
  },
  billable: [
    {
      code: '98977',
      units: 1,
      modifiers: ['GP'],
      date_of_service: '2026-10-19',
      period: '2026-10',
      interval: { start: '2026-09-20', end: '2026-10-19' },
      days_with_data: 18,
      reasons: ['18 days with data in Sep 20–Oct 19 (16 needed)'],
      amount: 40,
    },
    {
      code: '98980',
      units: 1,
      modifiers: ['GP', 'CQ'],
      date_of_service: '2026-10-31',
      period: '2026-10',
      minutes: 24,
      call_date: '2026-10-10',
      reasons: [
        '24 minutes of monitoring in October (20 needed)',
        'interactive call on Oct 10 (5 min)',
      ],
      amount: 54,
    },
  ],
  ...over,
});

const clinic = { providerNpi: '1734500287', placeOfService: '11' };

describe('the monthly billing file', () => {
  it('has a row per billable line with what backs it', () => {
    const [header, device, management] = billingFileTable([row()], clinic);
    expect(header).toEqual([...BILLING_FILE_COLUMNS]);
    expect(device).toEqual([
      'Álvarez, "Mimi", Maria',
      '1958-04-09',
      41,
      'Yes',
      'Dana Whitfield',
      '1922334457',
      null,
      'M17.11',
      '2026-10-19',
      '98977',
      1,
      'GP',
      '11',
      18,
      null,
      null,
      40,
      '2026-10',
      '18 days with data in Sep 20–Oct 19 (16 needed)',
    ]);
    // The assistant is named only on the line their minutes made CQ.
    expect(management?.[6]).toBe('Alex Kim (PTA)');
    expect(management?.[14]).toBe(24);
    expect(management?.[15]).toBe('2026-10-10');
  });

  it("uses the clinic's NPI when the renderer has none", () => {
    const table = billingFileTable(
      [row({ staff: { rendering: { id: 3, name: 'Dana', npi: null }, assistants: [] } })],
      clinic,
    );
    expect(table[1]?.[5]).toBe('1734500287');
  });

  it('writes CSV that quotes what needs it and keeps formulas inert', () => {
    const csv = toCsv(
      billingFileTable([row({ firstName: '=HYPERLINK("http://x")', lastName: 'Doe' })], clinic),
    ).toString('utf8');
    expect(csv.startsWith('\uFEFFPatient,Date of birth,')).toBe(true);
    expect(csv).toContain(`"Doe, =HYPERLINK(""http://x"")"`);
    const formula = billingFileTable([row({ lastName: '=cmd', firstName: 'x' })], clinic);
    expect(toCsv(formula).toString('utf8')).toContain(`\r\n"'=cmd, x",`);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('writes a workbook a spreadsheet reads back row for row', async () => {
    const table = billingFileTable([row()], clinic);
    const sheet = await readSheet(await toXlsx(table, 'RTM 2026-10'));
    expect(sheet[0]).toEqual([...BILLING_FILE_COLUMNS]);
    expect(sheet).toHaveLength(3);
    expect(sheet[1]?.[0]).toBe('Álvarez, "Mimi", Maria');
    expect(sheet[2]?.[9]).toBe('98980');
    expect(sheet[2]?.[16]).toBe(54);
    // Days are dates a spreadsheet sorts, not text: birth, service and the call.
    expect(sheet[1]?.[1]).toEqual(new Date('1958-04-09T00:00:00Z'));
    expect(sheet[1]?.[8]).toEqual(new Date('2026-10-19T00:00:00Z'));
    expect(sheet[2]?.[15]).toEqual(new Date('2026-10-10T00:00:00Z'));
  });
});
