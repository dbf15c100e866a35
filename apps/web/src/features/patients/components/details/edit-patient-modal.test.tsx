import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/app';
import { createQueryClient } from '../../../../app/query-client';
import { errorBody, mockApi, type MockHandler } from '../../../../test/mock-api';
import { patientKeys } from '../../../../lib/query-keys/patient-keys';
import { healthKeys } from '../../../../lib/query-keys/health-keys';
import { patientFixture } from '../../../../test/record-fixtures';
import { EditPatientModal, updateBody } from './edit-patient-modal';
import { patientDetailsOf } from './patient-details-fields';

const MARIA = patientFixture();
const PUT = 'PUT /clinic/patient/12/update';

function openModal(handler: MockHandler, patient = MARIA) {
  const api = mockApi({ [PUT]: handler });
  const queryClient = createQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const onClose = vi.fn();
  render(
    <AppProviders queryClient={queryClient}>
      <EditPatientModal patient={patient} onClose={onClose} />
    </AppProviders>,
  );
  return { api, invalidate, onClose, dialog: screen.getByRole('dialog') };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('updateBody', () => {
  const initial = patientDetailsOf(MARIA);

  it('sends the names and only what changed', () => {
    expect(updateBody(initial, initial)).toEqual({ first_name: 'Maria', last_name: 'Alvarez' });
    expect(updateBody(initial, { ...initial, phone: '(212) 555-0199', gender: 'other' })).toEqual({
      first_name: 'Maria',
      last_name: 'Alvarez',
      gender: 'other',
      phone: '(212) 555-0199',
    });
  });

  it('clears an emptied field with null, and ignores spaces around an unchanged one', () => {
    expect(
      updateBody(initial, { ...initial, email: '   ', birthday: '', phone: ' (212) 555-0101 ' }),
    ).toEqual({ first_name: 'Maria', last_name: 'Alvarez', email: null, birthday: null });
  });
});

describe('EditPatientModal', () => {
  it('starts from the stored details', () => {
    const { dialog } = openModal(() => ({ body: MARIA }));
    expect(dialog).toHaveAccessibleName('Edit Maria Alvarez’s details');
    expect(screen.getByLabelText('First name')).toHaveValue('Maria');
    expect(screen.getByLabelText('Birthday')).toHaveValue('1980-06-24');
    // Stored as +12125550101: shown the way the register form asks for a US number.
    expect(screen.getByLabelText('Mobile phone')).toHaveValue('(212) 555-0101');
    expect(screen.getByLabelText('Email')).toHaveValue('maria.alvarez@example.com');
    expect(screen.getByRole('button', { name: /^Gender/ })).toHaveTextContent('Female');
  });

  it('shows the server’s field errors beside their fields, then saves and refreshes the patient', async () => {
    let attempts = 0;
    const { api, invalidate, onClose } = openModal(({ body }) => {
      attempts += 1;
      return attempts === 1
        ? {
            status: 400,
            body: errorBody('validation_failed', 'Some fields are invalid', {
              birthday: 'Birthday cannot be in the future',
              email: 'Another patient of the clinic uses this address',
            }),
          }
        : { body: { ...MARIA, ...(body as object) } };
    });
    const user = userEvent.setup();
    const birthday = screen.getByLabelText('Birthday');
    await user.clear(birthday);
    await user.type(birthday, '2031-01-01');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(birthday).toHaveAttribute('aria-invalid', 'true'));
    expect(birthday).toHaveAccessibleDescription('Birthday cannot be in the future');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Another patient of the clinic uses this address',
    );
    // Focus lands on the first refused field, for keyboard and screen-reader users.
    await waitFor(() => expect(birthday).toHaveFocus());
    expect(onClose).not.toHaveBeenCalled();

    await user.clear(birthday);
    await user.type(birthday, '1980-06-14');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Maria Alvarez’s details are saved.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.bodiesOf(PUT)).toEqual([
      { first_name: 'Maria', last_name: 'Alvarez', birthday: '2031-01-01' },
      { first_name: 'Maria', last_name: 'Alvarez', birthday: '1980-06-14' },
    ]);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      patientKeys.lists(),
      patientKeys.record(12),
      healthKeys.reports(12),
    ]);
  });

  it.each([
    ['a US number', '+12125550101', '(212) 555-0101'],
    ['a number from abroad', '+447911123456', '+447911123456'],
  ])('saves other changes with the phone untouched: %s', async (_, stored, shown) => {
    const { api, onClose } = openModal(
      ({ body }) => ({ body: { ...MARIA, phone: stored, ...(body as object) } }),
      { ...MARIA, phone: stored },
    );
    const user = userEvent.setup();
    expect(screen.getByLabelText('Mobile phone')).toHaveValue(shown);
    await user.type(screen.getByLabelText('Last name'), '-Ruiz');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    // The reformatted phone is no change: it is left out, so it can neither fail the contract
    // nor add a phone entry to the audit trail.
    expect(api.bodiesOf(PUT)).toEqual([{ first_name: 'Maria', last_name: 'Alvarez-Ruiz' }]);
  });

  it('sends a retyped US phone as the contract stores it', async () => {
    const { api } = openModal(({ body }) => ({ body: { ...MARIA, ...(body as object) } }));
    const user = userEvent.setup();
    const phone = screen.getByLabelText('Mobile phone');
    await user.clear(phone);
    await user.type(phone, '(212) 555-0199');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Maria Alvarez’s details are saved.')).toBeInTheDocument();
    const [sent] = api.bodiesOf(PUT);
    expect(sent).toEqual({ first_name: 'Maria', last_name: 'Alvarez', phone: '+12125550199' });
  });

  it('checks the fields with the contract before sending anything', async () => {
    const { api } = openModal(() => ({ body: MARIA }));
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('First name'));
    await user.clear(screen.getByLabelText('Mobile phone'));
    await user.type(screen.getByLabelText('Mobile phone'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const firstName = screen.getByLabelText('First name');
    await waitFor(() => expect(firstName).toHaveAttribute('aria-invalid', 'true'));
    expect(firstName).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Mobile phone')).toHaveAccessibleDescription(
      /Use only digits, spaces, dots, dashes and brackets, e.g. \(212\) 555-0123/,
    );
    // The form reads the clinic's day from the signed-in user; it writes nothing.
    expect(api.calls().filter((call) => !call.startsWith('GET '))).toEqual([]);
  });

  it('says why in words when the whole change is refused', async () => {
    openModal(() => ({ status: 404, body: errorBody('not_found', 'Patient not found') }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Last name'), '-Ruiz');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Patient not found');
  });
});
