/**
 * The monthly billing file of domain/rtm.md: one row per billable patient, code and period, each
 * with what backs it (days with data, minutes, the call, the reasons) so a row can be traced to the
 * patient's records. As CSV and as an Excel workbook (docs/decisions/024-billing-workbook.md).
 */
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import type { BillingFileRow } from './stored-runs.repo';

export const BILLING_FILE_COLUMNS = [
  'Patient',
  'Date of birth',
  'Patient ID',
  'RTM coverage',
  'Rendering therapist',
  'Rendering NPI',
  'Assistant (CQ/CO)',
  'Diagnosis (ICD-10)',
  'Date of service',
  'CPT code',
  'Units',
  'Modifiers',
  'Place of service',
  'Days with data',
  'Minutes',
  'Interactive call',
  'Expected amount (USD)',
  'Period',
  'Reasons',
] as const;

export type BillingFileCell = string | number | null;

/** What the file takes from the clinic's billing info. */
export interface BillingFileClinic {
  providerNpi: string | null;
  placeOfService: string;
}

/** The file's table: the header, then a row per billable line. */
export function billingFileTable(
  rows: readonly BillingFileRow[],
  clinic: BillingFileClinic,
): BillingFileCell[][] {
  const lines = rows.flatMap((row) =>
    row.billable.map((line): BillingFileCell[] => [
      `${row.lastName}, ${row.firstName}`,
      row.birthday,
      row.patientId,
      row.rtmCovered ? 'Yes' : 'No',
      row.staff.rendering?.name ?? null,
      row.staff.rendering?.npi ?? clinic.providerNpi,
      line.modifiers.some((modifier) => modifier === 'CQ' || modifier === 'CO')
        ? row.staff.assistants.join('; ')
        : null,
      row.selectedCode,
      line.date_of_service,
      line.code,
      line.units,
      line.modifiers.join(' '),
      clinic.placeOfService,
      line.days_with_data ?? null,
      line.minutes ?? null,
      line.call_date ?? null,
      line.amount,
      line.period,
      line.reasons.join('; '),
    ]),
  );
  return [[...BILLING_FILE_COLUMNS], ...lines];
}

/**
 * A cell that starts like a formula would run in a spreadsheet (CSV injection, OWASP): a patient
 * named "=HYPERLINK(…)" must stay text, so such cells get a leading apostrophe.
 */
function inertText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvCell(value: BillingFileCell): string {
  if (value === null) {
    return '';
  }
  const text = typeof value === 'number' ? String(value) : inertText(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180: CRLF line ends, quoted where needed; a BOM so Excel reads UTF-8 names right. */
export function toCsv(table: readonly BillingFileCell[][]): Buffer {
  const text = table.map((row) => row.map(csvCell).join(',')).join('\r\n');
  return Buffer.from(`\uFEFF${text}\r\n`, 'utf8');
}

/** Wide enough for names and reasons; the rest fit their header. */
const XLSX_WIDTHS = [24, 12, 10, 8, 22, 12, 22, 12, 12, 8, 6, 10, 8, 8, 8, 12, 10, 8, 80];

/** The columns that hold a day: a spreadsheet sorts and filters them as dates (issue 30). */
const XLSX_DATE_COLUMNS: ReadonlySet<number> = new Set(
  (['Date of birth', 'Date of service', 'Interactive call'] as const).map((name) =>
    BILLING_FILE_COLUMNS.indexOf(name),
  ),
);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A cell of the workbook: a YYYY-MM-DD day in a date column is a date (its UTC midnight). */
function xlsxCell(value: BillingFileCell, column: number) {
  if (value === null) {
    return null;
  }
  if (XLSX_DATE_COLUMNS.has(column) && typeof value === 'string' && ISO_DAY.test(value)) {
    return { type: Date, value: new Date(`${value}T00:00:00Z`), format: 'yyyy-mm-dd' };
  }
  return { value };
}

/** Text cells of a workbook are never formulas (a formula is its own cell type), so no escaping. */
export async function toXlsx(table: readonly BillingFileCell[][], sheet: string): Promise<Buffer> {
  const [header = [], ...body] = table;
  const data: SheetData = [
    header.map((value) => ({ value: String(value), fontWeight: 'bold' as const })),
    ...body.map((row) => row.map(xlsxCell)),
  ];
  return writeXlsxFile(data, {
    sheet,
    stickyRowsCount: 1,
    columns: XLSX_WIDTHS.map((width) => ({ width })),
  }).toBuffer();
}
