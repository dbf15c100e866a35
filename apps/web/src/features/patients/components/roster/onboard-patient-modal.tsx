import { OnboardPatientBodySchema } from '@homestretch/contract/patients/onboard-patient';
import type { Patient } from '@homestretch/contract/patients/patient';
import { FormProvider } from 'react-hook-form';
import { useContractForm } from '../../../../lib/contract-form';
import { errorMessage } from '../../../../lib/error-messages';
import { Button } from '../../../../ui/button';
import { useDiscardGuard } from '../../../../ui/discard-guard';
import { Modal } from '../../../../ui/modal';
import { ModalActions } from '../../../../ui/modal-actions';
import { notify } from '../../../../ui/toasts';
import { useOnboardPatient } from '../../api/onboard-patient';
import { useReOnboardPatient } from '../../api/re-onboard-patient';
import { Alert } from '../../../../ui/alert';
import { DiagnosisField, type DiagnosisValue } from '../../../icd10/components/icd10-combobox';
import { fullName } from './patient-labels';
import { TherapistPickerField, type PickedTherapist } from './therapist-picker';
import { RtmCoveredField } from './rtm-covered-field';

interface OnboardForm {
  diagnosis: DiagnosisValue;
  therapists: PickedTherapist[];
  rtmCovered: boolean;
}

function onboardBody({ diagnosis, therapists, rtmCovered }: OnboardForm) {
  return {
    diagnosis: diagnosis.diagnosis,
    ...(diagnosis.code ? { selected_code: diagnosis.code } : {}),
    therapists: therapists.map((therapist) => therapist.id),
    is_rtm_covered: rtmCovered,
  };
}

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
  const { form, formRef, errors, formFailed, onSubmit } = useContractForm({
    schema: OnboardPatientBodySchema,
    defaultValues: {
      diagnosis: { diagnosis: patient.diagnosis ?? '', code: patient.selected_code ?? null },
      therapists: patient.therapists.map((therapist) => ({
        id: therapist.id,
        name: fullName(therapist),
      })),
      // Discharge turned coverage off, so a new episode starts unchecked: the clinic chooses.
      rtmCovered: patient.is_rtm_covered,
    },
    toBody: onboardBody,
    mutation,
  });
  const { requestClose, prompt } = useDiscardGuard(form.formState.isDirty, onClose);
  const name = fullName(patient);

  const send = onSubmit((body) =>
    mutation.mutate(
      { patientId: patient.id, body },
      {
        onSuccess: () => {
          notify.success(again ? `${name} is re-onboarded.` : `${name} is onboarded.`);
          onClose();
        },
      },
    ),
  );

  return (
    <Modal
      show
      size="lg"
      title={again ? `Re-onboard ${name}` : `Onboard ${name}`}
      onClose={requestClose}
    >
      <FormProvider {...form}>
        <form ref={formRef} noValidate onSubmit={send} className="flex flex-col gap-4">
          <p className="text-sm text-ink-muted">
            {!again
              ? 'Onboarding starts the episode of care: monitoring and RTM billing count from today.'
              : patient.status === 'discharged'
                ? 'A new episode of care starts today.'
                : 'The episode of care goes on with the corrected diagnosis and therapists.'}
          </p>
          {formFailed && <Alert tone="error">{errorMessage(mutation.error)}</Alert>}
          <DiagnosisField label="Diagnosis" errors={errors} />
          <TherapistPickerField legend="Treating therapists" error={errors.therapists} />
          <RtmCoveredField />
          <ModalActions divided>
            <Button variant="secondary" onClick={requestClose}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {again ? 'Re-onboard' : 'Onboard'}
            </Button>
          </ModalActions>
        </form>
      </FormProvider>
      {prompt}
    </Modal>
  );
}
