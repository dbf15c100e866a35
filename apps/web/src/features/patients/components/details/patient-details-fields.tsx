import type { Patient } from '@homestretch/contract/patients/patient';
import { Controller, useFormContext } from 'react-hook-form';
import { useClinicTimeZone } from '../../../auth/api/current-user';
import { clinicToday } from '../../../../lib/clinic-calendar';
import type { FieldErrors } from '../../../../lib/contract-form';
import { Dropdown } from '../../../../ui/dropdown';
import { toIsoDate } from '../../../../ui/format-date';
import { TextField } from '../../../../ui/text-field';
import { GENDER_OPTIONS } from '../roster/patient-labels';
import { formatPhone } from '../../../../lib/phone-format';

export type Gender = (typeof GENDER_OPTIONS)[number]['value'];

/** Who the patient is and how to reach them: what registering asks and editing corrects. */
export interface PatientDetails {
  firstName: string;
  lastName: string;
  gender: Gender | undefined;
  birthday: string;
  phone: string;
  email: string;
}

export const EMPTY_PATIENT_DETAILS: PatientDetails = {
  firstName: '',
  lastName: '',
  gender: undefined,
  birthday: '',
  phone: '',
  email: '',
};

function isGender(value: string | null): value is Gender {
  return GENDER_OPTIONS.some((option) => option.value === value);
}

/**
 * A stored patient as the form shows it: missing values become blank fields, and the phone is
 * written the way the register form asks for it, not in its stored E.164.
 */
export function patientDetailsOf(patient: Patient): PatientDetails {
  return {
    firstName: patient.first_name,
    lastName: patient.last_name,
    gender: isGender(patient.gender) ? patient.gender : undefined,
    birthday: patient.birthday ?? '',
    phone: patient.phone ? formatPhone(patient.phone) : '',
    email: patient.email ?? '',
  };
}

export interface PatientDetailsFieldsProps {
  /** Keyed like the request body (`first_name`, `phone`…), from the contract or the server. */
  errors: FieldErrors;
}

/**
 * The name, gender, birthday, phone and e-mail fields of the register and edit forms, so both
 * ask the same way and show the same errors in the same places. Inside the form's
 * FormProvider: both forms' values start with PatientDetails.
 */
export function PatientDetailsFields({ errors }: PatientDetailsFieldsProps) {
  const { register, control } = useFormContext<PatientDetails>();
  const timeZone = useClinicTimeZone();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="First name"
        autoComplete="off"
        required
        data-autofocus
        {...register('firstName')}
        error={errors.first_name}
      />
      <TextField
        label="Last name"
        autoComplete="off"
        required
        {...register('lastName')}
        error={errors.last_name}
      />
      <div className="flex flex-col gap-1">
        <Controller
          control={control}
          name="gender"
          render={({ field }) => (
            <Dropdown
              label="Gender"
              options={GENDER_OPTIONS}
              value={field.value}
              onChange={field.onChange}
              buttonClassName="w-full"
            />
          )}
        />
        {errors.gender && <p className="text-sm text-danger-700">{errors.gender}</p>}
      </div>
      <TextField
        label="Birthday"
        type="date"
        min="1900-01-01"
        max={toIsoDate(clinicToday(timeZone))}
        {...register('birthday')}
        error={errors.birthday}
      />
      <TextField
        label="Mobile phone"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        hint="For app reminders by text message"
        {...register('phone')}
        error={errors.phone}
      />
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        {...register('email')}
        error={errors.email}
      />
    </div>
  );
}
