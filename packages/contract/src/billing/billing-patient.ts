import { z } from 'zod';
import { IdParamSchema } from '../common/fields';
import { defineRoute } from '../common/route';
import { BillingPeriodSchema } from './billing-period';
import { BillingPatientSchema } from './billing-units';
import { RtmCaseSchema } from './rtm-case';

export const BillingExplanationSchema = BillingPatientSchema.extend({
  /** The records the lines come from, in the format `npm run rtm -- explain` reads. */
  case: RtmCaseSchema,
});
export type BillingExplanation = z.infer<typeof BillingExplanationSchema>;

/** One patient's month computed now from the records: the balances dashboard's explanation. */
export const billingPatientRoute = defineRoute({
  method: 'GET',
  path: '/clinic/billing-units/patient/:patientId',
  summary: "One patient's billing for a month, with the records behind it",
  tags: ['billing'],
  params: z.object({ patientId: IdParamSchema }),
  querystring: BillingPeriodSchema,
  response: { 200: BillingExplanationSchema },
});
