import { dischargePatientsRoute } from '@homestretch/contract/patients/discharge-patients';
import type { Patient } from '@homestretch/contract/patients/patient';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { patientKeys } from '../../../lib/query-keys/patient-keys';

/** PATCH /clinic/therapist/patient/discharged {patient_ids}: all of them or none. */
export async function dischargePatients(patientIds: number[]): Promise<Patient[]> {
  const { results } = await apiCall(dischargePatientsRoute, { body: { patient_ids: patientIds } });
  return results;
}

export function useDischargePatients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dischargePatients,
    onSuccess: async (_patients, patientIds) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: patientKeys.lists() }),
        ...patientIds.map((id) =>
          queryClient.invalidateQueries({ queryKey: patientKeys.record(id) }),
        ),
      ]);
    },
  });
}
