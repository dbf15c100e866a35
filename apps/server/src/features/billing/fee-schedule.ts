/**
 * Expected RTM payments per code and calendar year (domain/rtm.md: national averages that change
 * every year, so configuration, not code). `config/rtm-fee-schedule.json` holds the approximate
 * CY2026 Medicare amounts; `RTM_FEE_SCHEDULE` may name another file (a clinic's contracted rates).
 * Amounts are US dollars; what is expected is rounded to the cent.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  type RtmCode,
  RtmCodeSchema,
  type RtmBillable,
  type RtmResult,
} from '@homestretch/contract/billing/rtm-case';

export const DEFAULT_FEE_SCHEDULE_FILE = path.resolve(
  import.meta.dirname,
  '../../../config/rtm-fee-schedule.json',
);

export const FeeScheduleSchema = z.record(
  z.string().regex(/^\d{4}$/, 'A calendar year, e.g. "2026"'),
  z.partialRecord(RtmCodeSchema, z.number().nonnegative('An amount in US dollars, 0 or more')),
);
export type FeeSchedule = z.infer<typeof FeeScheduleSchema>;

export class FeeScheduleError extends Error {}

/** Reads and checks a fee schedule; a bad file is an error naming the file and the field. */
export function loadFeeSchedule(file: string): FeeSchedule {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new FeeScheduleError(
      `RTM fee schedule ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const parsed = FeeScheduleSchema.safeParse(raw);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    // A bad year is reported as the record's "Invalid key" with the reason nested inside.
    const message =
      issue?.code === 'invalid_key' ? (issue.issues[0]?.message ?? issue.message) : issue?.message;
    throw new FeeScheduleError(
      `RTM fee schedule ${file}: ${issue?.path.join('.') || '(top level)'}: ${message}`,
    );
  }
  return parsed.data;
}

let loaded: { file: string; schedule: FeeSchedule } | undefined;

/** The schedule of `file` (config.rtmFeeSchedule, RTM_FEE_SCHEDULE), or the shipped one; read once per file. */
export function feeSchedule(file: string | null = null): FeeSchedule {
  file ??= DEFAULT_FEE_SCHEDULE_FILE;
  if (loaded?.file !== file) {
    loaded = { file, schedule: loadFeeSchedule(file) };
  }
  return loaded.schedule;
}

/**
 * The expected payment for `units` of `code` in `year`, in US dollars rounded to the cent;
 * null when the schedule has no amount for that code and year.
 */
export function expectedAmount(
  code: RtmCode,
  units: number,
  year: number | string,
  schedule: FeeSchedule = feeSchedule(),
): number | null {
  const amount = schedule[String(year)]?.[code];
  return amount === undefined ? null : (Math.round(amount * 100) * units) / 100;
}

/** A billable line with its `amount`, from the year of its date of service. */
export function priceLine(
  line: RtmBillable,
  schedule: FeeSchedule = feeSchedule(),
): RtmBillable & { amount: number | null } {
  return {
    ...line,
    amount: expectedAmount(line.code, line.units, line.date_of_service.slice(0, 4), schedule),
  };
}

/** The result with each billable line's `amount` (priceLine). */
export function priceResult(result: RtmResult, schedule: FeeSchedule = feeSchedule()): RtmResult {
  return { ...result, billable: result.billable.map((line) => priceLine(line, schedule)) };
}
