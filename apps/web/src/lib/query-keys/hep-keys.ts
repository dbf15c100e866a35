import type { ApprovalRequestStatus } from '@homestretch/contract/hep/approval-request';
import type { RecommendationsQuery } from '@homestretch/contract/hep/recommendations';

/**
 * Query keys of the hep feature (one factory per feature, ARCHITECTURE.md "Web app"). Everything
 * about one patient's program sits under `patient(id)`: any change to the program invalidates
 * that one key, and with it the program, its timeline and the pending request.
 */
export const hepKeys = {
  all: ['hep'] as const,
  patient: (patientId: number) => [...hepKeys.all, 'patient', patientId] as const,
  /** The program now (`asOf` null) or as it stood at the end of a clinic date. */
  program: (patientId: number, asOf: string | null) =>
    [...hepKeys.patient(patientId), 'program', asOf ?? 'now'] as const,
  programHistory: (patientId: number, page: number) =>
    [...hepKeys.patient(patientId), 'history', page] as const,
  pending: (patientId: number) => [...hepKeys.patient(patientId), 'pending'] as const,
  items: () => [...hepKeys.all, 'item'] as const,
  itemHistory: (hepId: number) => [...hepKeys.items(), hepId, 'history'] as const,
  recommendations: (query: RecommendationsQuery | null) =>
    [...hepKeys.all, 'recommendations', query] as const,
  approvals: () => [...hepKeys.all, 'approvals'] as const,
  approvalQueue: (status: ApprovalRequestStatus, page: number) =>
    [...hepKeys.approvals(), 'queue', status, page] as const,
  approvalDetails: (id: number) => [...hepKeys.approvals(), 'details', id] as const,
};
