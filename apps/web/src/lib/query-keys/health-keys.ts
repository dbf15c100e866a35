import { patientKeys } from './patient-keys';

/**
 * Keys of the health panels of a patient's dashboard. They sit under patientKeys.recordData(id),
 * so a change to the patient refreshes the whole dashboard and nothing of the roster.
 */
export const healthKeys = {
  healthCharts: (id: number) => [...patientKeys.recordData(id), 'health'] as const,
  healthChart: (id: number, range: { from: string; to: string }) =>
    [...healthKeys.healthCharts(id), range] as const,
  progress: (id: number, weeksAgo: number) =>
    [...patientKeys.recordData(id), 'progress', weeksAgo] as const,
  reports: (id: number) => [...patientKeys.recordData(id), 'report'] as const,
  report: (id: number, weeksAgo: number) => [...healthKeys.reports(id), weeksAgo] as const,
  functionalData: (id: number) => [...patientKeys.recordData(id), 'functional-data'] as const,
  banners: (id: number) => [...patientKeys.recordData(id), 'banners'] as const,
  bannerSnoozes: (id: number) => [...patientKeys.recordData(id), 'banner-snoozes'] as const,
};
