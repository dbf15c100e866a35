import { can } from '@homestretch/contract/auth/permissions';
import {
  BillingInfoBodySchema,
  US_STATE_CODES,
  type BillingInfo,
  type BillingInfoBody,
} from '@homestretch/contract/billing/billing-info';
import { useId, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { useContractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-messages';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { cx } from '../../../ui/cx';
import { formatClinicDate } from '../../../lib/clinic-time';
import { PanelError, PanelLoading } from '../../../ui/panel-states';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { notify } from '../../../ui/toasts';
import { useClinicTimeZone, useCurrentUser } from '../../auth/api/current-user';
import { useBillingInfo } from '../api/get-billing-info';
import { useUpdateBillingInfo } from '../api/update-billing-info';

/** The form's values: flat, each a field; the body nests them as provider and practice. */
export interface BillingInfoValues {
  providerFirstName: string;
  providerLastName: string;
  credentials: string;
  providerNpi: string;
  practiceName: string;
  practiceNpi: string;
  taxId: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  placeOfService: string;
  messagingCountsAsInteractive: boolean;
}

/** What is stored as the form shows it; blanks (and the contract's defaults) until filled in. */
export function billingInfoValues(info: BillingInfo): BillingInfoValues {
  const provider = info.provider_info;
  const practice = info.practice_info;
  return {
    providerFirstName: provider?.first_name ?? '',
    providerLastName: provider?.last_name ?? '',
    credentials: provider?.credentials ?? 'PT',
    providerNpi: provider?.npi ?? '',
    practiceName: practice?.name ?? '',
    practiceNpi: practice?.npi ?? '',
    taxId: practice?.tax_id ?? '',
    line1: practice?.address.line1 ?? '',
    line2: practice?.address.line2 ?? '',
    city: practice?.address.city ?? '',
    state: practice?.address.state ?? '',
    zip: practice?.address.zip ?? '',
    phone: practice?.phone ?? '',
    placeOfService: practice?.place_of_service ?? '11',
    messagingCountsAsInteractive: practice?.messaging_counts_as_interactive ?? false,
  };
}

export function billingInfoBody(values: BillingInfoValues): BillingInfoBody {
  return {
    provider_info: {
      first_name: values.providerFirstName,
      last_name: values.providerLastName,
      credentials: values.credentials,
      npi: values.providerNpi,
    },
    practice_info: {
      name: values.practiceName,
      npi: values.practiceNpi,
      tax_id: values.taxId,
      address: {
        line1: values.line1,
        line2: values.line2,
        city: values.city,
        // The empty choice is sent as is, so the contract names the missing state.
        state: values.state as BillingInfoBody['practice_info']['address']['state'],
        zip: values.zip,
      },
      phone: values.phone,
      place_of_service: values.placeOfService,
      messaging_counts_as_interactive: values.messagingCountsAsInteractive,
    },
  };
}

/** Errors keyed by their full path in the body (`provider_info.npi`): both parts have an NPI. */
const fullPath = (path: readonly string[]) => path.join('.');

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-base font-semibold text-ink">{title}</legend>
      {children}
    </fieldset>
  );
}

function Form({ code, info, readOnly }: { code: string; info: BillingInfo; readOnly: boolean }) {
  const update = useUpdateBillingInfo();
  const timeZone = useClinicTimeZone();
  const switchLabel = useId();
  const switchHint = useId();
  const { form, formRef, errors, formFailed, focusInvalid, onSubmit } = useContractForm({
    schema: BillingInfoBodySchema,
    defaultValues: billingInfoValues(info),
    toBody: billingInfoBody,
    errorField: fullPath,
    mutation: update,
  });
  const { register, control, reset } = form;

  const send = onSubmit((body) =>
    update.mutate(
      { code, body },
      {
        onSuccess: (saved) => {
          reset(billingInfoValues(saved));
          notify.success('Billing information is saved.');
        },
        onError: focusInvalid,
      },
    ),
  );

  return (
    <form ref={formRef} noValidate onSubmit={send} className="flex flex-col gap-6">
      {readOnly && (
        <Alert tone="info">
          Only your clinic’s administrator or office manager can change the billing information.
        </Alert>
      )}
      {formFailed && <Alert tone="error">{errorMessage(update.error)}</Alert>}
      <fieldset disabled={readOnly} className="flex flex-col gap-6">
        <Section title="Provider">
          <p className="-mt-2 text-sm text-ink-muted">The therapist who signs the claims.</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First name"
              autoComplete="off"
              {...register('providerFirstName')}
              error={errors['provider_info.first_name']}
            />
            <TextField
              label="Last name"
              autoComplete="off"
              {...register('providerLastName')}
              error={errors['provider_info.last_name']}
            />
            <TextField
              label="Credentials"
              autoComplete="off"
              hint="As on the claim, e.g. PT or DPT"
              {...register('credentials')}
              error={errors['provider_info.credentials']}
            />
            <TextField
              label="Provider NPI"
              inputMode="numeric"
              autoComplete="off"
              {...register('providerNpi')}
              error={errors['provider_info.npi']}
            />
          </div>
        </Section>
        <Section title="Practice">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Practice name"
              autoComplete="organization"
              className="sm:col-span-2"
              {...register('practiceName')}
              error={errors['practice_info.name']}
            />
            <TextField
              label="Group NPI"
              inputMode="numeric"
              autoComplete="off"
              {...register('practiceNpi')}
              error={errors['practice_info.npi']}
            />
            <TextField
              label="Tax id (EIN)"
              autoComplete="off"
              placeholder="12-3456789"
              {...register('taxId')}
              error={errors['practice_info.tax_id']}
            />
            <TextField
              label="Street address"
              autoComplete="address-line1"
              {...register('line1')}
              error={errors['practice_info.address.line1']}
            />
            <TextField
              label="Address line 2"
              autoComplete="address-line2"
              {...register('line2')}
              error={errors['practice_info.address.line2']}
            />
            <TextField
              label="City"
              autoComplete="address-level2"
              {...register('city')}
              error={errors['practice_info.address.city']}
            />
            <div className="grid grid-cols-2 gap-4">
              <SelectField
                label="State"
                {...register('state')}
                error={errors['practice_info.address.state']}
              >
                <option value="">Select</option>
                {US_STATE_CODES.map((state) => (
                  <option key={state} value={state}>
                    {state}
                  </option>
                ))}
              </SelectField>
              <TextField
                label="ZIP code"
                inputMode="numeric"
                autoComplete="postal-code"
                {...register('zip')}
                error={errors['practice_info.address.zip']}
              />
            </div>
            <TextField
              label="Phone"
              type="tel"
              autoComplete="tel"
              {...register('phone')}
              error={errors['practice_info.phone']}
            />
            <TextField
              label="Place of service"
              inputMode="numeric"
              hint="CMS code on each claim line: 11 is office"
              {...register('placeOfService')}
              error={errors['practice_info.place_of_service']}
            />
          </div>
          <Controller
            control={control}
            name="messagingCountsAsInteractive"
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <button
                  type="button"
                  role="switch"
                  aria-checked={field.value}
                  aria-labelledby={switchLabel}
                  aria-describedby={switchHint}
                  onClick={() => field.onChange(!field.value)}
                  className={cx(
                    'relative mt-0.5 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60',
                    field.value ? 'bg-brand-700' : 'bg-line-strong',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cx(
                      'inline-block size-5 rounded-full bg-surface shadow-card transition-transform',
                      field.value ? 'translate-x-6' : 'translate-x-1',
                    )}
                  />
                </button>
                <div className="flex flex-col">
                  <span id={switchLabel} className="text-sm font-medium text-ink">
                    Secure messages count as the interactive communication
                  </span>
                  <span id={switchHint} className="text-sm text-ink-muted">
                    Payers disagree on this: the safe default is off, so only a logged call makes
                    management minutes billable.
                  </span>
                </div>
              </div>
            )}
          />
        </Section>
      </fieldset>
      {!readOnly && (
        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-line pt-4">
          {info.updated_at && !form.formState.isDirty && (
            <span className="text-sm text-ink-muted">
              Saved {formatClinicDate(info.updated_at, timeZone)}
            </span>
          )}
          {form.formState.isDirty && (
            <span className="text-sm text-ink-muted">Unsaved changes</span>
          )}
          <Button type="submit" loading={update.isPending}>
            Save billing information
          </Button>
        </div>
      )}
    </form>
  );
}

/**
 * The clinic's billing information (spec §3): the provider and practice the claims are made out
 * for. Admin and manager change it (billing.manage); other billing staff read it.
 */
export function BillingInfoForm() {
  const user = useCurrentUser().data;
  const info = useBillingInfo(user?.code ?? null);
  if (!user?.code) {
    return <Alert tone="info">Your account belongs to no clinic.</Alert>;
  }
  if (info.isPending) {
    return <PanelLoading label="Loading billing information" />;
  }
  if (info.isError) {
    return (
      <PanelError
        error={info.error}
        onRetry={() => void info.refetch()}
        retrying={info.isFetching}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {!info.data.provider_info && (
        <Alert tone="info">
          Not filled in yet: billing files need the provider’s and the practice’s NPI.
        </Alert>
      )}
      <Form code={user.code} info={info.data} readOnly={!can(user.role, 'billing.manage')} />
    </div>
  );
}
