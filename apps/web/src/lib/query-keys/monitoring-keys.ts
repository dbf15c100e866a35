/**
 * Query keys of the monitoring feature (one factory per feature). A saved session changes the
 * minutes every list shows, so a save invalidates `all`.
 */
export const monitoringKeys = {
  all: ['monitoring'] as const,
  priorityList: () => [...monitoringKeys.all, 'priority-list'] as const,
  /** The therapist dashboard's month (`month` undefined: the current one). */
  month: (month?: string) => [...monitoringKeys.all, 'month', month ?? 'current'] as const,
  /** A patient's Monitoring panel. */
  patient: (patientId: number, month?: string) =>
    [...monitoringKeys.all, 'patient', patientId, month ?? 'current'] as const,
};
