import {
  qrRegistrationRoute,
  type QrRegistrationBody,
  type QrRegistrationResponse,
} from '@homestretch/contract/patient-signup/qr-registration';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** POST /clinic/patient/qr-registration → 201 {user, patient}; the server signs the patient in. */
export function registerByQr(body: QrRegistrationBody): Promise<QrRegistrationResponse> {
  return apiCall(qrRegistrationRoute, { body });
}

export function useQrRegistration() {
  return useMutation({ mutationFn: registerByQr });
}
