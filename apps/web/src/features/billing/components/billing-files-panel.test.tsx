import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { billingApi, recordSavedFiles, setUpBalancesTests } from '../../../test/billing-api';
import { UPLOADED_FILE } from '../../../test/billing-fixtures';
import { errorBody, type MockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { checkChosenFile } from './billing-files-panel';

const LIST = { body: { results: [UPLOADED_FILE], count: 1 } };

setUpBalancesTests();

describe('billing files', () => {
  it('checks a chosen file’s type and size before reading it', () => {
    expect(checkChosenFile({ name: 'claims.xlsx', size: 2048 })).toBeNull();
    expect(checkChosenFile({ name: 'claims.docx', size: 2048 })).toBe(
      'The file is a .csv, .xlsx or .pdf',
    );
    expect(checkChosenFile({ name: 'claims.pdf', size: 6 * 1024 * 1024 })).toBe(
      'The file is 6.0 MB: files are at most 5 MB.',
    );
    expect(checkChosenFile({ name: 'claims.csv', size: 0 })).toBe('The file is empty.');
  });

  it('lets the administrator upload a month’s file as base64 and lists it', async () => {
    let uploaded = false;
    const api = billingApi(
      {
        'GET /clinic/billing/files': () => (uploaded ? LIST : { body: { results: [], count: 0 } }),
        'POST /clinic/billing/11/2026/upload-file': () => {
          uploaded = true;
          return { status: 201, body: { ...UPLOADED_FILE, month: 11, name: 'claims.csv' } };
        },
      },
      { role: 'admin' },
    );
    const user = userEvent.setup();
    renderApp('/balances?tab=files');
    expect(await screen.findByRole('heading', { name: 'No files uploaded yet' })).toBeVisible();
    await user.upload(
      screen.getByLabelText('File (.csv, .xlsx or .pdf, up to 5 MB)'),
      new File(['Patient,Code\n'], 'claims.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    // Reading the file, sending it and reloading the list: room for a busy test machine.
    await waitFor(
      () =>
        expect(api.bodiesOf('POST /clinic/billing/11/2026/upload-file')).toEqual([
          { name: 'claims.csv', content: btoa('Patient,Code\n') },
        ]),
      { timeout: 15_000 },
    );
    const list = await screen.findByRole('list', { name: 'Uploaded files' }, { timeout: 15_000 });
    expect(list).toHaveTextContent('October 2026');
    expect(list).toHaveTextContent('october-claims.xlsx');
    expect(list).toHaveTextContent('18.0 KB · uploaded Nov 3, 2026 by Alex Morgan');
  });

  it('shows a refused file in words: the wrong type before sending, 413 and 422 after', async () => {
    let answer: MockReply = {
      status: 413,
      body: errorBody('payload_too_large', 'The file is larger than 5 MB'),
    };
    billingApi(
      {
        'GET /clinic/billing/files': { body: { results: [], count: 0 } },
        'POST /clinic/billing/11/2026/upload-file': () => answer,
      },
      { role: 'admin' },
    );
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/balances?tab=files');
    const input = await screen.findByLabelText('File (.csv, .xlsx or .pdf, up to 5 MB)');
    // The toasts of earlier tests are alerts too: read the upload card's own.
    const form = within(screen.getByRole('region', { name: 'Upload a billing file' }));
    await user.upload(input, new File(['x'], 'notes.docx'));
    expect(form.getByRole('alert')).toHaveTextContent('The file is a .csv, .xlsx or .pdf');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();

    await user.upload(input, new File(['x'], 'claims.pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await form.findByRole('alert')).toHaveTextContent('The file is larger than 5 MB');

    answer = {
      status: 422,
      body: errorBody('rule_violation', 'November 2026 is before your clinic joined'),
    };
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'November 2026 is before your clinic joined',
    );
  });

  it('shows the office manager the files to download, without the upload', async () => {
    const saved = recordSavedFiles();
    const api = billingApi(
      {
        'GET /clinic/billing/files': LIST,
        'GET /clinic/billing/10/2026/download-file': {
          body: { content: btoa('x'), name: UPLOADED_FILE.name, content_type: 'text/csv' },
        },
      },
      { role: 'manager' },
    );
    const user = userEvent.setup();
    renderApp('/balances?tab=files');
    const list = await screen.findByRole('list', { name: 'Uploaded files' });
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    await user.click(within(list).getByRole('button', { name: 'Download october-claims.xlsx' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['october-claims.xlsx']));
    const download = api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname.endsWith('download-file'));
    expect(download?.searchParams.get('format')).toBe('uploaded');
  });
});
