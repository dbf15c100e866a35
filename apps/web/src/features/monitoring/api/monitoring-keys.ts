/**
 * Query keys of the monitoring feature (one factory per feature, ARCHITECTURE.md "Web app"). A
 * saved session changes every one of them (the priority list, the month, the patient's month), so
 * a save invalidates `all`.
 */
export const monitoringKeys = {
  all: ['monitoring'] as const,
  priorityList: () => [...monitoringKeys.all, 'priority-list'] as const,
  /** The caller's month on the therapist dashboard; no month means the current one. */
  month: (month?: string) => [...monitoringKeys.all, 'month', month ?? 'current'] as const,
  /** One patient's month (the patient dashboard's Monitoring panel). */
  patient: (id: number, month?: string) =>
    [...monitoringKeys.all, 'patient', id, month ?? 'current'] as const,
};
