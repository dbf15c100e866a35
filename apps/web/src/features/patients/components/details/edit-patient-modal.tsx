import type { Patient } from '@homestretch/contract/patients/patient';
import {
  UpdatePatientBodySchema,
  type UpdatePatientBody,
} from '@homestretch/contract/patients/update-patient';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useContractForm } from '../../../../lib/contract-form';
import { errorMessage } from '../../../../lib/error-messages';
import { Alert } from '../../../../ui/alert';
import { Button } from '../../../../ui/button';
import { useDiscardGuard } from '../../../../ui/discard-guard';
import { Modal } from '../../../../ui/modal';
import { ModalActions } from '../../../../ui/modal-actions';
import { notify } from '../../../../ui/toasts';
import { useUpdatePatient } from '../../api/update-patient';
import { optionalText } from '../roster/form-fields';
import { fullName } from '../roster/patient-labels';
import {
  PatientDetailsFields,
  patientDetailsOf,
  type PatientDetails,
} from './patient-details-fields';

/**
 * The request body: the names (always required), then only the fields that changed, a field
 * emptied as `null` (which clears it). Sending only what changed keeps the audit trail exact
 * (the server records the fields sent) and never overwrites a field someone else just changed.
 */
export function updateBody(initial: PatientDetails, form: PatientDetails): UpdatePatientBody {
  const body: UpdatePatientBody = { first_name: form.firstName, last_name: form.lastName };
  const gender = form.gender ?? null;
  if (gender !== (initial.gender ?? null)) {
    body.gender = gender;
  }
  for (const key of ['birthday', 'phone', 'email'] as const) {
    const value = optionalText(form[key]) ?? null;
    if (value !== (optionalText(initial[key]) ?? null)) {
      body[key] = value;
    }
  }
  return body;
}

export interface EditPatientModalProps {
  patient: Patient;
  onClose: () => void;
}

/**
 * PUT /clinic/patient/{id}/update: corrects a mistyped name, phone, e-mail or birthday. The
 * diagnosis and therapists have their own, clinical, paths (re-onboard, change therapists).
 * Mounted only while open, so each opening starts from the stored details.
 */
export function EditPatientModal({ patient, onClose }: EditPatientModalProps) {
  const update = useUpdatePatient();
  const [initial] = useState(() => patientDetailsOf(patient));
  const { form, formRef, errors, formFailed, focusInvalid, onSubmit } = useContractForm({
    schema: UpdatePatientBodySchema,
    defaultValues: initial,
    toBody: (values: PatientDetails) => updateBody(initial, values),
    mutation: update,
  });
  const { requestClose, prompt } = useDiscardGuard(form.formState.isDirty, onClose);

  const send = onSubmit((body) =>
    update.mutate(
      { patientId: patient.id, body },
      {
        onSuccess: (saved) => {
          notify.success(`${fullName(saved)}’s details are saved.`);
          onClose();
        },
        onError: focusInvalid,
      },
    ),
  );

  return (
    <Modal show title={`Edit ${fullName(patient)}’s details`} size="lg" onClose={requestClose}>
      <FormProvider {...form}>
        <form ref={formRef} noValidate onSubmit={send} className="flex flex-col gap-4">
          {formFailed && <Alert tone="error">{errorMessage(update.error)}</Alert>}
          <PatientDetailsFields errors={errors} />
          <ModalActions divided>
            <Button variant="secondary" onClick={requestClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save changes
            </Button>
          </ModalActions>
        </form>
      </FormProvider>
      {prompt}
    </Modal>
  );
}
