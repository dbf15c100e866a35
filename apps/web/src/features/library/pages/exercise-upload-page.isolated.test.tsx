import { UPLOAD_RETRY_DELAYS_MS } from '@homestretch/contract/common/constants';
import type { UploadTicket } from '@homestretch/contract/library/create-upload';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UploadOptions } from 'tus-js-client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  settingsFixture,
  userFixture,
  videoDetailFixture,
  videoFixture,
} from '../../../test/fixtures';
import { mockApi, type MockHandler, type MockReply } from '../../../test/mock-api';
import { renderApp, resetAuth } from '../../../test/render-app';

/*
 * tus-js-client is replaced at its module boundary: these tests are about what the page asks of
 * it and shows of its callbacks; the protocol itself is the e2e's (a real server, a real file).
 */
const tus = vi.hoisted(() => ({
  uploads: [] as Array<{
    file: unknown;
    options: UploadOptions;
    start: ReturnType<typeof vi.fn>;
    abort: ReturnType<typeof vi.fn>;
    resumeFromPreviousUpload: ReturnType<typeof vi.fn>;
  }>,
  previous: [] as unknown[],
}));

vi.mock('tus-js-client', () => ({
  Upload: class {
    start = vi.fn();
    abort = vi.fn(() => Promise.resolve());
    resumeFromPreviousUpload = vi.fn();
    findPreviousUploads = () => Promise.resolve(tus.previous);
    constructor(
      public file: unknown,
      public options: UploadOptions,
    ) {
      tus.uploads.push(this);
    }
  },
}));

const TICKET: UploadTicket = {
  id: 321,
  signature: 'c0ffee',
  expiration: Math.floor(Date.now() / 1000) + 3600,
  video_id: 'host-vid-1',
  library_id: 'lib-1',
  title: 'Wall slide',
  collection_id: 'col-1',
  upload_url: '/tusupload',
  max_size_bytes: 1_000_000,
};

function signedIn(routes: Record<string, MockHandler | MockReply>) {
  return mockApi({
    'GET /api/v1/users/': { body: { results: [userFixture()], count: 1 } },
    'GET /user/settings-info': { body: settingsFixture },
    ...routes,
  });
}

const clip = (size: number, name = 'Wall slide.mp4') =>
  new File([new Uint8Array(size)], name, { type: 'video/mp4', lastModified: 1_700_000_000_000 });

beforeAll(async () => {
  await import('./exercise-upload-page');
});

beforeEach(() => {
  resetAuth();
  window.localStorage.clear();
  tus.uploads.length = 0;
  tus.previous = [];
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('exercise upload', () => {
  it('uploads the chosen file with the ticket’s signature, shows progress and opens the new video', async () => {
    const api = signedIn({
      'POST /video/create_by_therapist': { status: 201, body: TICKET },
      'GET /video/321': {
        body: videoDetailFixture(
          videoFixture({ id: 321, title: 'Wall slide', status: 'processing' }),
        ),
      },
      'GET /video/list': { body: { results: [], count: 0 } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/exercise-upload');

    await user.upload(await screen.findByLabelText('Video file'), clip(1000));
    await waitFor(() => expect(tus.uploads).toHaveLength(1));
    expect(api.bodiesOf('POST /video/create_by_therapist')).toEqual([{ title: 'Wall slide' }]);
    const upload = tus.uploads[0]!;
    expect(upload.options).toMatchObject({
      endpoint: new URL('/tusupload', window.location.origin).href,
      retryDelays: UPLOAD_RETRY_DELAYS_MS,
      headers: {
        AuthorizationSignature: 'c0ffee',
        AuthorizationExpire: String(TICKET.expiration),
        VideoId: 'host-vid-1',
        LibraryId: 'lib-1',
      },
      metadata: { filetype: 'video/mp4', title: 'Wall slide' },
      removeFingerprintOnSuccess: true,
    });
    expect(upload.start).toHaveBeenCalled();
    // The ticket is kept under the file's fingerprint, so a reload resumes the same video.
    expect(
      Object.keys(window.localStorage).some((key) => key.startsWith('homestretch.upload-ticket.')),
    ).toBe(true);

    act(() => upload.options.onProgress?.(420, 1000));
    const bar = screen.getByRole('progressbar', { name: 'Uploading' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('42%')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(upload.abort).toHaveBeenCalledWith();
    expect(screen.getByRole('progressbar', { name: 'Paused' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(upload.start).toHaveBeenCalledTimes(2);

    act(() => upload.options.onSuccess?.({} as never));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exercise-edit/321'), {
      timeout: 5000,
    });
    expect(
      Object.keys(window.localStorage).some((key) => key.startsWith('homestretch.upload-ticket.')),
    ).toBe(false);
  });

  it('shows a failed upload as a video error and tries again where it stopped', async () => {
    signedIn({ 'POST /video/create_by_therapist': { status: 201, body: TICKET } });
    const user = userEvent.setup();
    renderApp('/exercise-upload');

    await user.upload(await screen.findByLabelText('Video file'), clip(1000));
    await waitFor(() => expect(tus.uploads).toHaveLength(1));
    const upload = tus.uploads[0]!;
    act(() => upload.options.onError?.(new Error('connection reset')));
    expect(await screen.findByRole('alert')).toHaveTextContent('The upload stopped');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(upload.start).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('progressbar')).toBeVisible();
  });

  it('refuses a file over the largest size, and removes the video made for it', async () => {
    const api = signedIn({
      'POST /video/create_by_therapist': { status: 201, body: { ...TICKET, max_size_bytes: 500 } },
      'DELETE /video/delete': { body: { deleted: [321], archived: [] } },
    });
    const user = userEvent.setup();
    renderApp('/exercise-upload');

    await user.upload(await screen.findByLabelText('Video file'), clip(2048));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“Wall slide.mp4” is 2.0 KB; the largest video you can upload is 500 bytes.',
    );
    expect(tus.uploads).toHaveLength(0);
    expect(api.bodiesOf('DELETE /video/delete')).toEqual([{ videos: [321] }]);

    // The limit is known now: the next big file is refused before any video is made.
    await user.upload(screen.getByLabelText('Video file'), clip(4096, 'Squat.mov'));
    expect(await screen.findByRole('alert')).toHaveTextContent('“Squat.mov” is 4.0 KB');
    expect(api.bodiesOf('POST /video/create_by_therapist')).toHaveLength(1);
  });

  it('resumes a file chosen again after a reload under the same video', async () => {
    const api = signedIn({
      'POST /video/create_by_therapist': { status: 201, body: TICKET },
      'GET /video/321': {
        body: videoDetailFixture(videoFixture({ id: 321, status: 'uploading' })),
      },
    });
    const user = userEvent.setup();
    const first = renderApp('/exercise-upload');
    await user.upload(await screen.findByLabelText('Video file'), clip(1000));
    await waitFor(() => expect(tus.uploads).toHaveLength(1));
    first.unmount();

    const stored = { uploadUrl: 'http://localhost/tusupload/abc', size: 1000 };
    tus.previous = [stored];
    renderApp('/exercise-upload');
    await user.upload(await screen.findByLabelText('Video file'), clip(1000));
    await waitFor(() => expect(tus.uploads).toHaveLength(2));
    expect(api.bodiesOf('POST /video/create_by_therapist')).toHaveLength(1);
    expect(tus.uploads[1]!.resumeFromPreviousUpload).toHaveBeenCalledWith(stored);
  });
});
