import { patientKeys } from '../patient-keys';

/**
 * Keys of the dashboard's panels. All sit under patientKeys.recordData(id), so one
 * invalidation of that prefix refreshes the whole dashboard and nothing of the roster.
 */
export const recordKeys = {
  healthCharts: (id: number) => [...patientKeys.recordData(id), 'health'] as const,
  healthChart: (id: number, range: { from: string; to: string }) =>
    [...recordKeys.healthCharts(id), range] as const,
  progress: (id: number, weeksAgo: number) =>
    [...patientKeys.recordData(id), 'progress', weeksAgo] as const,
  reports: (id: number) => [...patientKeys.recordData(id), 'report'] as const,
  report: (id: number, weeksAgo: number) => [...recordKeys.reports(id), weeksAgo] as const,
  functionalData: (id: number) => [...patientKeys.recordData(id), 'functional-data'] as const,
  interactionLists: (id: number) => [...patientKeys.recordData(id), 'interactions'] as const,
  interactions: (id: number, page: number) => [...recordKeys.interactionLists(id), page] as const,
  banners: (id: number) => [...patientKeys.recordData(id), 'banners'] as const,
  bannerSnoozes: (id: number) => [...patientKeys.recordData(id), 'banner-snoozes'] as const,
};
