/**
 * Query keys of the patients feature (one factory per feature, ARCHITECTURE.md "Web app").
 * The roster and the record share it so a change on either side refreshes the other.
 */
export const patientKeys = {
  all: ['patients'] as const,
  lists: () => [...patientKeys.all, 'list'] as const,
  list: (params: Record<string, unknown>) => [...patientKeys.lists(), params] as const,
  records: () => [...patientKeys.all, 'record'] as const,
  record: (id: number) => [...patientKeys.records(), id] as const,
  /** Everything shown on one patient's dashboard (charts, progress, report, logs, banners…). */
  recordData: (id: number) => [...patientKeys.all, 'record-data', id] as const,
  interactionLists: (id: number) => [...patientKeys.recordData(id), 'interactions'] as const,
  interactions: (id: number, page: number) => [...patientKeys.interactionLists(id), page] as const,
};
