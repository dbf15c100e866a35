import { UPLOAD_RETRY_DELAYS_MS } from '@homestretch/contract/common/constants';
import type { UploadTicket } from '@homestretch/contract/library/create-upload';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Upload } from 'tus-js-client';
import { resolveUrl } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-messages';
import { createUpload } from '../api/create-upload';
import { deleteVideos } from '../api/delete-videos';
import { libraryKeys } from '../../../lib/query-keys/library-keys';
import { getVideo } from '../api/get-video';
import {
  fileFingerprint,
  forgetTicket,
  formatBytes,
  knownMaxSize,
  rememberMaxSize,
  storedTicket,
  storeTicket,
  ticketExpired,
} from './upload-tickets';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'refused'; message: string }
  | { phase: 'preparing'; file: File }
  | { phase: 'uploading' | 'paused'; file: File; ticket: UploadTicket; percent: number }
  | { phase: 'failed'; file: File; ticket: UploadTicket | null; percent: number; message: string }
  | { phase: 'done'; file: File; ticket: UploadTicket };

/** The file's name without its extension: the title until the therapist edits it. */
export function titleOf(file: File): string {
  return file.name.replace(/\.[^.]+$/, '').trim();
}

export function tooLargeMessage(file: File, maxBytes: number): string {
  return `“${file.name}” is ${formatBytes(file.size)}; the largest video you can upload is ${formatBytes(maxBytes)}. Trim it or export it at a lower quality, then try again.`;
}

/** The spec §8 video error, in words: the retries of UPLOAD_RETRY_DELAYS_MS are spent. */
export const UPLOAD_FAILED_MESSAGE =
  'The upload stopped and could not carry on, even after several tries. Check your connection, then try again: it continues where it stopped.';

/**
 * A stored ticket is reused only while its video still waits for its bytes and its signature
 * holds; anything else (deleted, finished, expired) means a new video.
 */
async function reusableTicket(fingerprint: string): Promise<UploadTicket | null> {
  const ticket = storedTicket(fingerprint);
  if (!ticket) {
    return null;
  }
  if (!ticketExpired(ticket)) {
    try {
      if ((await getVideo(ticket.id)).status === 'uploading') {
        return ticket;
      }
    } catch {
      // Gone or unreachable: a new ticket either way, and its own failure is reported.
    }
  }
  forgetTicket(fingerprint);
  return null;
}

/**
 * One video's way from a chosen file to the library (spec §7): POST /video/create_by_therapist
 * for a ticket, then a resumable tus upload to `ticket.upload_url`, authorised by the ticket's
 * signature headers (no cookies), retried after the spec's delays (§8, §9), resumable after a
 * reload, with progress in percent.
 */
export function useVideoUpload() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const uploadRef = useRef<Upload | null>(null);

  // Leaving the page stops sending (without ending the upload: picking the file again resumes).
  useEffect(
    () => () => {
      void uploadRef.current?.abort();
    },
    [],
  );

  const refreshLibrary = () =>
    void queryClient.invalidateQueries({ queryKey: libraryKeys.lists() });

  const begin = async (file: File, ticket: UploadTicket, fingerprint: string) => {
    const upload = new Upload(file, {
      endpoint: new URL(resolveUrl(ticket.upload_url), window.location.origin).href,
      retryDelays: UPLOAD_RETRY_DELAYS_MS,
      headers: {
        AuthorizationSignature: ticket.signature,
        AuthorizationExpire: String(ticket.expiration),
        VideoId: ticket.video_id,
        LibraryId: ticket.library_id,
      },
      metadata: { filetype: file.type, title: ticket.title },
      fingerprint: () => Promise.resolve(fingerprint),
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => {
        const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
        setState((previous) =>
          previous.phase === 'uploading' ? { ...previous, percent } : previous,
        );
      },
      onError: () =>
        setState((previous) => ({
          phase: 'failed',
          file,
          ticket,
          percent: 'percent' in previous ? previous.percent : 0,
          message: UPLOAD_FAILED_MESSAGE,
        })),
      onSuccess: () => {
        forgetTicket(fingerprint);
        uploadRef.current = null;
        refreshLibrary();
        void queryClient.invalidateQueries({ queryKey: libraryKeys.detail(ticket.id) });
        setState({ phase: 'done', file, ticket });
      },
    });
    const previous = await upload.findPreviousUploads();
    const last = previous[0];
    if (last) {
      upload.resumeFromPreviousUpload(last);
    }
    uploadRef.current = upload;
    setState({ phase: 'uploading', file, ticket, percent: 0 });
    upload.start();
  };

  const choose = async (file: File) => {
    if (!file.type.startsWith('video/')) {
      setState({
        phase: 'refused',
        message: `“${file.name}” is not a video. Choose a video file, such as an MP4 or MOV from a phone.`,
      });
      return;
    }
    const maxKnown = knownMaxSize();
    if (maxKnown !== null && file.size > maxKnown) {
      setState({ phase: 'refused', message: tooLargeMessage(file, maxKnown) });
      return;
    }
    // Another file chosen after a failure: the earlier upload stops sending, resumable later.
    void uploadRef.current?.abort();
    uploadRef.current = null;
    setState({ phase: 'preparing', file });
    const fingerprint = fileFingerprint(file);
    try {
      const ticket =
        (await reusableTicket(fingerprint)) ?? (await createUpload({ title: titleOf(file) }));
      if (file.size > ticket.max_size_bytes) {
        // The video the ticket made will never get its bytes: it must not linger in the library.
        rememberMaxSize(ticket.max_size_bytes);
        forgetTicket(fingerprint);
        await deleteVideos([ticket.id]).catch(() => undefined);
        refreshLibrary();
        setState({ phase: 'refused', message: tooLargeMessage(file, ticket.max_size_bytes) });
        return;
      }
      storeTicket(fingerprint, ticket);
      await begin(file, ticket, fingerprint);
    } catch (error) {
      setState({ phase: 'failed', file, ticket: null, percent: 0, message: errorMessage(error) });
    }
  };

  const pause = () => {
    if (state.phase === 'uploading') {
      void uploadRef.current?.abort();
      setState({ ...state, phase: 'paused' });
    }
  };

  const resume = () => {
    if (state.phase !== 'paused' && state.phase !== 'failed') {
      return;
    }
    const upload = uploadRef.current;
    if (upload && state.ticket) {
      setState({
        phase: 'uploading',
        file: state.file,
        ticket: state.ticket,
        percent: state.percent,
      });
      upload.start();
    } else {
      // The ticket itself could not be had: start again from the file.
      void choose(state.file);
    }
  };

  /** Stops for good: the partial upload and the video it was for are removed. */
  const cancel = async () => {
    const upload = uploadRef.current;
    uploadRef.current = null;
    const ticket = 'ticket' in state ? state.ticket : null;
    setState({ phase: 'idle' });
    await upload?.abort(true).catch(() => undefined);
    if (ticket && 'file' in state) {
      forgetTicket(fileFingerprint(state.file));
      await deleteVideos([ticket.id]).catch(() => undefined);
      refreshLibrary();
    }
  };

  return { state, choose, pause, resume, cancel, reset: () => setState({ phase: 'idle' }) };
}
