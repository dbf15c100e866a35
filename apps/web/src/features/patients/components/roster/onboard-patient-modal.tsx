import { OnboardPatientBodySchema } from '@homestretch/contract/patients/onboard-patient';
import type { Patient } from '@homestretch/contract/patients/patient';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../lib/error-messages';
import { focusFirstInvalid, validate, type FieldErrors } from '../../../../lib/validation';
import { Button } from '../../../../ui/button';
import { Modal } from '../../../../ui/modal';
import { ModalActions } from '../../../../ui/modal-actions';
import { notify } from '../../../../ui/toasts';
import { useOnboardPatient } from '../../api/onboard-patient';
import { useReOnboardPatient } from '../../api/re-onboard-patient';
import { Alert } from '../../../../ui/alert';
import { topLevelFieldErrors } from './form-fields';
import { Icd10Combobox, type DiagnosisValue } from '../../../icd10/components/icd10-combobox';
import { fullName } from './patient-labels';
import { TherapistPicker, type PickedTherapist } from './therapist-picker';

export interface OnboardPatientModalProps {
  patient: Patient;
  onClose: () => void;
}

/**
 * Onboarding starts the episode of care (diagnosis, code, treating therapists). A patient
 * onboarded before is re-onboarded instead: a new episode after discharge, or a correction.
 */
export function OnboardPatientModal({ patient, onClose }: OnboardPatientModalProps) {
  const again = patient.onboarded_at !== null;
  const onboard = useOnboardPatient();
  const reOnboard = useReOnboardPatient();
  const mutation = again ? reOnboard : onboard;
  const formRef = useRef<HTMLFormElement>(null);
  const [diagnosis, setDiagnosis] = useState<DiagnosisValue>({
    diagnosis: patient.diagnosis ?? '',
    code: patient.selected_code ?? null,
  });
  const [therapists, setTherapists] = useState<PickedTherapist[]>(() =>
    patient.therapists.map((therapist) => ({ id: therapist.id, name: fullName(therapist) })),
  );
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const serverErrors = mutation.isPending ? {} : topLevelFieldErrors(mutation.error);
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };
  const formFailed = mutation.isError && Object.keys(serverErrors).length === 0;
  const name = fullName(patient);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = {
      diagnosis: diagnosis.diagnosis,
      ...(diagnosis.code ? { selected_code: diagnosis.code } : {}),
      therapists: therapists.map((therapist) => therapist.id),
    };
    const check = validate(OnboardPatientBodySchema, body);
    if (!check.ok) {
      setClientErrors(check.fields);
      mutation.reset();
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setClientErrors({});
    mutation.mutate(
      { patientId: patient.id, body },
      {
        onSuccess: () => {
          notify.success(again ? `${name} is re-onboarded.` : `${name} is onboarded.`);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      show
      size="lg"
      title={again ? `Re-onboard ${name}` : `Onboard ${name}`}
      onClose={onClose}
    >
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted">
          {!again
            ? 'Onboarding starts the episode of care: monitoring and RTM billing count from today.'
            : patient.status === 'discharged'
              ? 'A new episode of care starts today.'
              : 'The episode of care goes on with the corrected diagnosis and therapists.'}
        </p>
        {formFailed && <Alert tone="error">{errorMessage(mutation.error)}</Alert>}
        <Icd10Combobox
          label="Diagnosis"
          value={diagnosis}
          onChange={setDiagnosis}
          error={errors.diagnosis}
          codeError={errors.selected_code}
        />
        <TherapistPicker
          legend="Treating therapists"
          value={therapists}
          onChange={setTherapists}
          error={errors.therapists}
        />
        <ModalActions divided>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {again ? 'Re-onboard' : 'Onboard'}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
