import { z } from 'zod';

/** Where monitoring runs (spec §4): the patient dashboard, desktop chat or mobile chat. */
export const MONITORING_CONTEXTS = ['patient_dashboard', 'desktop_chat', 'mobile_chat'] as const;
export const MonitoringContextSchema = z.enum(MONITORING_CONTEXTS, {
  error: `context is one of ${MONITORING_CONTEXTS.join(', ')}`,
});
export type MonitoringContext = z.infer<typeof MonitoringContextSchema>;
