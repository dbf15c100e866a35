import {
  RegisterPatientBodySchema,
  type RegisterPatientBody,
} from '@homestretch/contract/patients/register-patient';
import type { User } from '@homestretch/contract/users/user';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../lib/error-messages';
import { focusFirstInvalid, validate, type FieldErrors } from '../../../../lib/validation';
import { Button } from '../../../../ui/button';
import { Modal } from '../../../../ui/modal';
import { ModalActions } from '../../../../ui/modal-actions';
import { notify } from '../../../../ui/toasts';
import { useRegisterPatient } from '../../api/register-patient';
import { Alert } from '../../../../ui/alert';
import {
  EMPTY_PATIENT_DETAILS,
  PatientDetailsFields,
  type PatientDetails,
} from '../details/patient-details-fields';
import { optionalText, topLevelFieldErrors } from './form-fields';
import { Icd10Combobox, type DiagnosisValue } from '../../../icd10/components/icd10-combobox';
import { fullName, seesClinicalData, treatsPatients } from './patient-labels';
import { TherapistPicker, type PickedTherapist } from './therapist-picker';

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
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState(() => initialRegisterForm(user));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const serverErrors = register.isPending ? {} : topLevelFieldErrors(register.error);
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };
  const formFailed = register.isError && Object.keys(serverErrors).length === 0;

  const set = <K extends keyof RegisterForm>(key: K, value: RegisterForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = registerBody(form);
    const check = validate(RegisterPatientBodySchema, body);
    if (!check.ok) {
      setClientErrors(check.fields);
      register.reset();
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setClientErrors({});
    register.mutate(body, {
      onSuccess: (patient) => {
        notify.success(`${fullName(patient)} is registered.`);
        onClose();
      },
      onError: () => requestAnimationFrame(() => focusFirstInvalid(formRef.current)),
    });
  };

  return (
    <Modal show title="Register a patient" size="lg" onClose={onClose}>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {formFailed && <Alert tone="error">{errorMessage(register.error)}</Alert>}
        <PatientDetailsFields
          value={form}
          onChange={(change) => setForm((current) => ({ ...current, ...change }))}
          errors={errors}
        />
        {seesClinicalData(user.role) && (
          <Icd10Combobox
            label="Diagnosis"
            hint="Pick an ICD-10-CM code from the suggestions, or write the diagnosis in words."
            value={form.diagnosis}
            onChange={(value) => set('diagnosis', value)}
            error={errors.diagnosis}
            codeError={errors.selected_code}
          />
        )}
        <TherapistPicker
          legend="Therapists"
          value={form.therapists}
          onChange={(value) => set('therapists', value)}
          error={errors.therapists}
        />
        <label className="flex min-h-10 items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={form.rtmCovered}
            onChange={(event) => set('rtmCovered', event.target.checked)}
          />
          Covered for remote therapeutic monitoring (RTM)
        </label>
        <ModalActions divided>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={register.isPending}>
            Register patient
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
