import { ChangeTherapistBodySchema } from '@homestretch/contract/patients/change-therapist';
import type { Patient } from '@homestretch/contract/patients/patient';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../lib/error-messages';
import { validate, type FieldErrors } from '../../../../lib/validation';
import { Button } from '../../../../ui/button';
import { Modal } from '../../../../ui/modal';
import { ModalActions } from '../../../../ui/modal-actions';
import { notify } from '../../../../ui/toasts';
import { useChangeTherapists } from '../../api/change-therapists';
import { Alert } from '../../../../ui/alert';
import { topLevelFieldErrors } from './form-fields';
import { fullName } from './patient-labels';
import { TherapistPicker, type PickedTherapist } from './therapist-picker';

export interface ChangeTherapistsModalProps {
  patient: Patient;
  onClose: () => void;
}

export function ChangeTherapistsModal({ patient, onClose }: ChangeTherapistsModalProps) {
  const change = useChangeTherapists();
  const [therapists, setTherapists] = useState<PickedTherapist[]>(() =>
    patient.therapists.map((therapist) => ({ id: therapist.id, name: fullName(therapist) })),
  );
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const serverErrors = change.isPending ? {} : topLevelFieldErrors(change.error);
  const error = clientErrors.therapist_ids ?? serverErrors.therapist_ids;
  const formFailed = change.isError && !serverErrors.therapist_ids;
  const name = fullName(patient);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const therapistIds = therapists.map((therapist) => therapist.id);
    const check = validate(ChangeTherapistBodySchema, { therapist_ids: therapistIds });
    if (!check.ok) {
      setClientErrors(check.fields);
      change.reset();
      return;
    }
    setClientErrors({});
    change.mutate(
      { patientId: patient.id, therapistIds },
      {
        onSuccess: () => {
          notify.success(`${name}'s therapists are updated.`);
          onClose();
        },
      },
    );
  };

  return (
    <Modal show title={`Therapists of ${name}`} onClose={onClose}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {formFailed && <Alert tone="error">{errorMessage(change.error)}</Alert>}
        <TherapistPicker
          legend="Treating therapists"
          value={therapists}
          onChange={setTherapists}
          error={error}
        />
        <ModalActions divided>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending}>
            Save therapists
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
