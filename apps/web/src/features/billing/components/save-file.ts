import type { BillingDownload } from '@homestretch/contract/billing/billing-files';

/** The file's bytes from the base64 the server answers. */
export function base64ToBlob(content: string, contentType: string): Blob {
  const binary = atob(content);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) {
    bytes[i] = binary.charCodeAt(i);
  }
  return new Blob([bytes], { type: contentType });
}

/**
 * Saves a downloaded billing file under its name: the API answers JSON (the session cookie and
 * the one error shape apply as to every call), so the browser is handed the bytes as a Blob
 * through a temporary `<a download>`.
 */
export function saveBase64File(file: BillingDownload): void {
  const url = URL.createObjectURL(base64ToBlob(file.content, file.content_type));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start the download only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Reads a chosen file as base64 (without the data-URL prefix), reporting progress 0–1. */
export function readFileAsBase64(
  file: Blob,
  onProgress?: (share: number) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(event.loaded / event.total);
      }
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}
