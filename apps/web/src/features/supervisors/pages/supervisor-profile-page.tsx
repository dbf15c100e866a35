import { can } from '@homestretch/contract/auth/permissions';
import {
  UpdateSupervisorBodySchema,
  type UpdateSupervisorBody,
} from '@homestretch/contract/supervisors/supervisor-auth';
import type { User } from '@homestretch/contract/users/user';
import { Navigate } from 'react-router';
import { homePathFor } from '../../../config/paths';
import { type FieldErrors, useContractForm } from '../../../lib/contract-form';
import { errorMessage } from '../../../lib/error-messages';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { PasswordField } from '../../../ui/password-field';
import { TextField } from '../../../ui/text-field';
import { notify } from '../../../ui/toasts';
import { useCurrentUser } from '../../auth/api/current-user';
import { useUpdateSupervisorProfile } from '../api/update-supervisor-profile';

interface ProfileForm {
  first_name: string;
  last_name: string;
  supervisor_email: string;
  new_password: string;
  current_password: string;
}

const NOTHING_CHANGED = 'Nothing to save yet: change your name, e-mail or password first.';

function profileOf(user: User): ProfileForm {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    supervisor_email: user.email,
    new_password: '',
    current_password: '',
  };
}

/**
 * The body: only what changed, so the audit row names exactly those fields; the current password
 * whenever it was typed (the server asks for it to change the e-mail or the password).
 */
export function profileBody(initial: ProfileForm, form: ProfileForm): UpdateSupervisorBody {
  const body: UpdateSupervisorBody = {};
  if (form.first_name.trim() !== initial.first_name) {
    body.first_name = form.first_name;
  }
  if (form.last_name.trim() !== initial.last_name) {
    body.last_name = form.last_name;
  }
  if (form.supervisor_email.trim().toLowerCase() !== initial.supervisor_email) {
    body.supervisor_email = form.supervisor_email;
  }
  if (form.new_password) {
    body.new_password = form.new_password;
  }
  if (form.current_password) {
    body.current_password = form.current_password;
  }
  return body;
}

/** supervisor_profile (/profile): spec §6, supervisors update their own profile. */
export function SupervisorProfilePage() {
  const { data: user } = useCurrentUser();
  // Held here, not in the form: the form starts afresh once saved, the mutation lives on.
  const update = useUpdateSupervisorProfile();
  if (!user) {
    return null;
  }
  if (!can(user.role, 'supervisor.profile')) {
    return <Navigate to={homePathFor(user.role)} replace />;
  }
  // Keyed by the saved user, so the form starts again from what the server now holds.
  return (
    <ProfileEditor
      key={`${user.first_name}|${user.last_name}|${user.email}`}
      user={user}
      update={update}
    />
  );
}

function ProfileEditor({
  user,
  update,
}: {
  user: User;
  update: ReturnType<typeof useUpdateSupervisorProfile>;
}) {
  const initial = profileOf(user);
  const { form, formRef, errors, formFailed, focusInvalid, onSubmit } = useContractForm({
    schema: UpdateSupervisorBodySchema,
    defaultValues: initial,
    toBody: (values: ProfileForm) => profileBody(initial, values),
    check: (values: ProfileForm): FieldErrors =>
      Object.keys(profileBody(initial, values)).some((key) => key !== 'current_password')
        ? {}
        : { _form: NOTHING_CHANGED },
    mutation: update,
  });

  const send = onSubmit((body) =>
    update.mutate(body, {
      onSuccess: () =>
        notify.success(
          body.new_password
            ? 'Your profile is saved. Your other sessions are signed out.'
            : 'Your profile is saved.',
        ),
      onError: focusInvalid,
    }),
  );

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold text-ink">Your profile</h1>
        <p className="mt-1 text-sm text-ink-muted">
          Your name as your clinic sees it, the e-mail where password reset links go, and your
          password.
        </p>
      </div>
      <Card>
        <form ref={formRef} noValidate onSubmit={send} className="flex flex-col gap-4">
          {errors._form && <Alert tone="error">{errors._form}</Alert>}
          {formFailed && <Alert tone="error">{errorMessage(update.error)}</Alert>}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First name"
              autoComplete="given-name"
              required
              error={errors.first_name}
              {...form.register('first_name')}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              required
              error={errors.last_name}
              {...form.register('last_name')}
            />
          </div>
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            error={errors.supervisor_email}
            {...form.register('supervisor_email')}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            hint="At least 8 characters. Leave empty to keep your password."
            error={errors.new_password}
            {...form.register('new_password')}
          />
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            hint="Needed to change your e-mail or password."
            error={errors.current_password}
            {...form.register('current_password')}
          />
          <div className="flex justify-end">
            <Button type="submit" loading={update.isPending}>
              Save changes
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
