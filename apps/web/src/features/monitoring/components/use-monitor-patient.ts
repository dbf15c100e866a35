import type { MonitoringContext } from '@homestretch/contract/monitoring/monitoring-context';
import { useEffect } from 'react';
import { useCurrentUser } from '../../auth/api/current-user';
import { monitoringRunner } from '../stores/monitoring-store';
import { monitorsPatient } from './monitoring-rules';

export interface MonitoredPatient {
  id: number;
  first_name: string;
  last_name: string;
  /** Who treats the patient, where the screen knows (the record); see monitorsPatient. */
  therapists?: readonly { id: number }[];
}

/**
 * Monitors `patient` while the calling screen shows it (spec §4), for users who may be monitored
 * (spec §5/§6) on a patient they treat; leaving the screen, or passing null, stops. Used by the patient dashboard, and by
 * desktop and mobile chat with their own context.
 */
export function useMonitorPatient(
  patient: MonitoredPatient | null,
  context: MonitoringContext,
): void {
  const { data: user } = useCurrentUser();
  const allowed = user !== undefined && patient !== null && monitorsPatient(user, patient);
  const patientId = allowed ? patient.id : null;
  const firstName = patient?.first_name ?? '';
  const lastName = patient?.last_name ?? '';

  // Monitoring another patient or context stops this one first (its cleanup runs before).
  useEffect(
    () => (patientId === null ? undefined : () => monitoringRunner().stop()),
    [patientId, context],
  );

  // A renamed record only renames the target: the same patient keeps its session and timer.
  useEffect(() => {
    if (patientId !== null) {
      monitoringRunner().monitor({ patientId, context, firstName, lastName });
    }
  }, [patientId, context, firstName, lastName]);
}
