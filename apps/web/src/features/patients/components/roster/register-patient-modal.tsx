import {
  RegisterPatientBodySchema,
  type RegisterPatientBody,
} from '@homestretch/contract/patients/register-patient';
import type { User } from '@homestretch/contract/users/user';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../lib/error-messages';
import { focusFirstInvalid, validate, type FieldErrors } from '../../../../lib/validation';
import { Button } from '../../../../ui/button';
import { Dropdown } from '../../../../ui/dropdown';
import { Modal } from '../../../../ui/modal';
import { TextField } from '../../../../ui/text-field';
import { notify } from '../../../../ui/toasts';
import { toIsoDate } from '../../../../ui/format-date';
import { useRegisterPatient } from '../../api/register-patient';
import { Alert } from '../../../../ui/alert';
import { optionalText, topLevelFieldErrors } from './form-fields';
import { Icd10Combobox, type DiagnosisValue } from './icd10-combobox';
import { fullName, GENDER_OPTIONS, treatsPatients } from './patient-labels';
import { TherapistPicker, type PickedTherapist } from './therapist-picker';

type Gender = (typeof GENDER_OPTIONS)[number]['value'];

export interface RegisterForm {
  firstName: string;
  lastName: string;
  gender: Gender | undefined;
  birthday: string;
  phone: string;
  email: string;
  diagnosis: DiagnosisValue;
  therapists: PickedTherapist[];
  rtmCovered: boolean;
}

/** A therapist registering a patient usually treats them: they start picked, and can un-pick. */
export function initialRegisterForm(
  user: Pick<User, 'id' | 'first_name' | 'last_name' | 'role'>,
): RegisterForm {
  return {
    firstName: '',
    lastName: '',
    gender: undefined,
    birthday: '',
    phone: '',
    email: '',
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
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="off"
            required
            data-autofocus
            value={form.firstName}
            onChange={(event) => set('firstName', event.target.value)}
            error={errors.first_name}
          />
          <TextField
            label="Last name"
            autoComplete="off"
            required
            value={form.lastName}
            onChange={(event) => set('lastName', event.target.value)}
            error={errors.last_name}
          />
          <div className="flex flex-col gap-1">
            <Dropdown
              label="Gender"
              options={GENDER_OPTIONS}
              value={form.gender}
              onChange={(value) => set('gender', value)}
              buttonClassName="w-full"
            />
            {errors.gender && <p className="text-sm text-danger-700">{errors.gender}</p>}
          </div>
          <TextField
            label="Birthday"
            type="date"
            min="1900-01-01"
            max={toIsoDate(new Date())}
            value={form.birthday}
            onChange={(event) => set('birthday', event.target.value)}
            error={errors.birthday}
          />
          <TextField
            label="Mobile phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            hint="For app reminders by text message"
            value={form.phone}
            onChange={(event) => set('phone', event.target.value)}
            error={errors.phone}
          />
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            value={form.email}
            onChange={(event) => set('email', event.target.value)}
            error={errors.email}
          />
        </div>
        <Icd10Combobox
          label="Diagnosis"
          hint="Pick an ICD-10-CM code from the suggestions, or write the diagnosis in words."
          value={form.diagnosis}
          onChange={(value) => set('diagnosis', value)}
          error={errors.diagnosis}
          codeError={errors.selected_code}
        />
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
        <div className="flex flex-col-reverse gap-2 border-t border-line pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={register.isPending}>
            Register patient
          </Button>
        </div>
      </form>
    </Modal>
  );
}
