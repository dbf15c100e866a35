import {
  RegisterPatientBodySchema,
  type RegisterPatientBody,
} from '@homestretch/contract/patients/register-patient';
import type { User } from '@homestretch/contract/users/user';
import { FormProvider } from 'react-hook-form';
import { useContractForm } from '../../../../lib/contract-form';
import { errorMessage } from '../../../../lib/error-messages';
import { Button } from '../../../../ui/button';
import { useDiscardGuard } from '../../../../ui/discard-guard';
import { Modal } from '../../../../ui/modal';
import { ModalActions } from '../../../../ui/modal-actions';
import { notify } from '../../../../ui/toasts';
import { likelyDuplicatesOf, useRegisterPatient } from '../../api/register-patient';
import { Alert } from '../../../../ui/alert';
import {
  EMPTY_PATIENT_DETAILS,
  PatientDetailsFields,
  type PatientDetails,
} from '../details/patient-details-fields';
import { DuplicateWarning } from './duplicate-warning';
import { optionalText } from './form-fields';
import { DiagnosisField, type DiagnosisValue } from '../../../icd10/components/icd10-combobox';
import { fullName, seesClinicalData, treatsPatients } from './patient-labels';
import { TherapistPickerField, type PickedTherapist } from './therapist-picker';
import { RtmCoveredField } from './rtm-covered-field';

export interface RegisterForm extends PatientDetails {
  diagnosis: DiagnosisValue;
  therapists: PickedTherapist[];
  rtmCovered: boolean;
}

/** A therapist registering a patient usually treats them: they start picked, and can un-pick. */
export function initialRegisterForm(
  user: Pick<User, 'id' | 'first_name' | 'last_name' | 'role'>,
): RegisterForm {
  return {
    ...EMPTY_PATIENT_DETAILS,
    diagnosis: { diagnosis: '', code: null },
    therapists: treatsPatients(user.role) ? [{ id: user.id, name: fullName(user) }] : [],
    rtmCovered: false,
  };
}

/** The request body: blank optional fields left out, the picked therapists always sent. */
export function registerBody(form: RegisterForm): RegisterPatientBody {
  const diagnosis = optionalText(form.diagnosis.diagnosis);
  return {
    first_name: form.firstName,
    last_name: form.lastName,
    ...(form.gender ? { gender: form.gender } : {}),
    ...(optionalText(form.birthday) ? { birthday: form.birthday } : {}),
    ...(optionalText(form.phone) ? { phone: form.phone } : {}),
    ...(optionalText(form.email) ? { email: form.email } : {}),
    ...(diagnosis ? { diagnosis } : {}),
    ...(diagnosis && form.diagnosis.code ? { selected_code: form.diagnosis.code } : {}),
    is_rtm_covered: form.rtmCovered,
    therapists: form.therapists.map((therapist) => therapist.id),
  };
}

export interface RegisterPatientModalProps {
  user: Pick<User, 'id' | 'first_name' | 'last_name' | 'role'>;
  onClose: () => void;
}

/** POST /clinic/patient/register. Mounted only while open, so each opening starts blank. */
export function RegisterPatientModal({ user, onClose }: RegisterPatientModalProps) {
  const register = useRegisterPatient();
  const { form, formRef, errors, formFailed, focusInvalid, onSubmit } = useContractForm({
    schema: RegisterPatientBodySchema,
    defaultValues: initialRegisterForm(user),
    toBody: registerBody,
    mutation: register,
  });
  const { requestClose, prompt } = useDiscardGuard(form.formState.isDirty, onClose);

  const sendWith = (confirmDuplicate: boolean) =>
    onSubmit((body) =>
      register.mutate(confirmDuplicate ? { ...body, confirm_duplicate: true } : body, {
        onSuccess: (patient) => {
          notify.success(`${fullName(patient)} is registered.`);
          onClose();
        },
        onError: focusInvalid,
      }),
    );
  const duplicates = likelyDuplicatesOf(register.error);

  return (
    <Modal show title="Register a patient" size="lg" onClose={requestClose}>
      <FormProvider {...form}>
        <form ref={formRef} noValidate onSubmit={sendWith(false)} className="flex flex-col gap-4">
          {formFailed && duplicates.length === 0 && (
            <Alert tone="error">{errorMessage(register.error)}</Alert>
          )}
          <PatientDetailsFields errors={errors} />
          {seesClinicalData(user.role) && (
            <DiagnosisField
              label="Diagnosis"
              hint="Pick an ICD-10-CM code from the suggestions, or write the diagnosis in words."
              errors={errors}
            />
          )}
          <TherapistPickerField legend="Therapists" error={errors.therapists} />
          <RtmCoveredField />
          {duplicates.length > 0 && (
            <DuplicateWarning
              duplicates={duplicates}
              role={user.role}
              onOpen={onClose}
              onRegisterAnyway={() => void sendWith(true)()}
              registering={register.isPending}
            />
          )}
          <ModalActions divided>
            <Button variant="secondary" onClick={requestClose}>
              Cancel
            </Button>
            <Button type="submit" loading={register.isPending}>
              Register patient
            </Button>
          </ModalActions>
        </form>
      </FormProvider>
      {prompt}
    </Modal>
  );
}
