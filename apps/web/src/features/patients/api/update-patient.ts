import type { Patient } from '@homestretch/contract/patients/patient';
import {
  updatePatientRoute,
  type UpdatePatientBody,
} from '@homestretch/contract/patients/update-patient';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { patientKeys } from '../../../lib/query-keys/patient-keys';
import { healthKeys } from '../../../lib/query-keys/health-keys';

export interface UpdatePatientInput {
  patientId: number;
  body: UpdatePatientBody;
}

/** PUT /clinic/patient/{id}/update: names required; a field left out stays, `null` clears it. */
export function updatePatient({ patientId, body }: UpdatePatientInput): Promise<Patient> {
  return apiCall(updatePatientRoute, { params: { id: patientId }, body });
}

/**
 * The roster, the record and the printable weekly report show these details; the record's
 * other panels (charts, progress, logs) do not, so they are left alone.
 */
export function useUpdatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePatient,
    onSuccess: async (_patient, { patientId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: patientKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: patientKeys.record(patientId) }),
        queryClient.invalidateQueries({ queryKey: healthKeys.reports(patientId) }),
      ]);
    },
  });
}
