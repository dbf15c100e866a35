import { ChangeTherapistBodySchema } from '@homestretch/contract/patients/change-therapist';
import type { Patient } from '@homestretch/contract/patients/patient';
import { FormProvider } from 'react-hook-form';
import { useContractForm } from '../../../../lib/contract-form';
import { errorMessage } from '../../../../lib/error-messages';
import { Button } from '../../../../ui/button';
import { useDiscardGuard } from '../../../../ui/discard-guard';
import { Modal } from '../../../../ui/modal';
import { ModalActions } from '../../../../ui/modal-actions';
import { notify } from '../../../../ui/toasts';
import { useChangeTherapists } from '../../api/change-therapists';
import { Alert } from '../../../../ui/alert';
import { fullName } from './patient-labels';
import { TherapistPickerField, type PickedTherapist } from './therapist-picker';

export interface ChangeTherapistsModalProps {
  patient: Patient;
  onClose: () => void;
}

export function ChangeTherapistsModal({ patient, onClose }: ChangeTherapistsModalProps) {
  const change = useChangeTherapists();
  const { form, formRef, errors, formFailed, onSubmit } = useContractForm({
    schema: ChangeTherapistBodySchema,
    defaultValues: {
      therapists: patient.therapists.map((therapist) => ({
        id: therapist.id,
        name: fullName(therapist),
      })),
    },
    toBody: ({ therapists }: { therapists: PickedTherapist[] }) => ({
      therapist_ids: therapists.map((therapist) => therapist.id),
    }),
    mutation: change,
  });
  const { requestClose, prompt } = useDiscardGuard(form.formState.isDirty, onClose);
  const name = fullName(patient);

  const send = onSubmit(({ therapist_ids }) =>
    change.mutate(
      { patientId: patient.id, therapistIds: therapist_ids },
      {
        onSuccess: () => {
          notify.success(`${name}'s therapists are updated.`);
          onClose();
        },
      },
    ),
  );

  return (
    <Modal show title={`Therapists of ${name}`} onClose={requestClose}>
      <FormProvider {...form}>
        <form ref={formRef} noValidate onSubmit={send} className="flex flex-col gap-4">
          {formFailed && <Alert tone="error">{errorMessage(change.error)}</Alert>}
          <TherapistPickerField legend="Treating therapists" error={errors.therapist_ids} />
          <ModalActions divided>
            <Button variant="secondary" onClick={requestClose}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending}>
              Save therapists
            </Button>
          </ModalActions>
        </form>
      </FormProvider>
      {prompt}
    </Modal>
  );
}
