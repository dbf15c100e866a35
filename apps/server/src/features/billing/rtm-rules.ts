/**
 * The RTM billing rules (domain/rtm.md) as one pure function: a patient's month in, what may be
 * billed and what is still missing out. No I/O and no clock: `as_of` is the only "now".
 */
import {
  RTM_CODES,
  type RtmCaseParsed,
  type RtmCode,
  type RtmNotBillable,
  type RtmResult,
} from '@homestretch/contract/billing/rtm-case';
import { readCase } from './rtm-context';
import { deviceSupply, setUp } from './rtm-device';
import { treatmentManagement } from './rtm-management';

const codeOrder = (code: RtmCode) => RTM_CODES.indexOf(code);

/**
 * What one patient's month bills: set-up (98975), device supply (98977 / 98985) for each 30-day
 * interval ending in the month, and treatment management (98979 / 98980 + 98981). Each billable
 * line says why; each code that is not says what is missing and by when.
 */
export function evaluateRtm(c: RtmCaseParsed): RtmResult {
  if (!c.rtm_covered) {
    return {
      billable: [],
      not_billable: RTM_CODES.map((code): RtmNotBillable => ({
        code,
        period: c.month,
        missing: ['the patient has no RTM coverage'],
        by: null,
      })),
    };
  }
  const ctx = readCase(c);
  const outcomes = [setUp(ctx), deviceSupply(ctx), treatmentManagement(ctx, c)];
  return {
    billable: outcomes
      .flatMap((outcome) => outcome.billable)
      .sort(
        (a, b) =>
          codeOrder(a.code) - codeOrder(b.code) ||
          a.date_of_service.localeCompare(b.date_of_service),
      ),
    not_billable: outcomes
      .flatMap((outcome) => outcome.notBillable)
      .sort(
        (a, b) =>
          codeOrder(a.code) - codeOrder(b.code) ||
          (a.interval?.end ?? '').localeCompare(b.interval?.end ?? ''),
      ),
  };
}
