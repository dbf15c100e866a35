import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64ToBlob, readFileAsBase64, saveBase64File } from './save-file';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('saving a downloaded billing file', () => {
  it('turns the base64 into the file’s bytes with its type', async () => {
    const blob = base64ToBlob(btoa('Patient,Code\nMaria,98980\n'), 'text/csv');
    expect(blob.type).toBe('text/csv');
    expect(await blob.text()).toBe('Patient,Code\nMaria,98980\n');
  });

  it('saves it under its name through an <a download> click', async () => {
    const created: Blob[] = [];
    // jsdom has no object URLs.
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        created.push(blob);
        return 'blob:billing';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    saveBase64File({
      content: btoa('a,b\n'),
      name: 'billing-2026-11.csv',
      content_type: 'text/csv',
    });
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('billing-2026-11.csv');
    expect(clicked[0]?.href).toBe('blob:billing');
    expect(await created[0]?.text()).toBe('a,b\n');
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('reads a chosen file as base64 without the data-URL prefix', async () => {
    const file = new File(['hello'], 'claims.csv', { type: 'text/csv' });
    expect(await readFileAsBase64(file)).toBe(btoa('hello'));
  });
});
