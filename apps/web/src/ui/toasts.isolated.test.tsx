import { act, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { notify, TOAST_OPTIONS, ToastHost } from './toasts';

afterEach(() => {
  act(() => toast.dismiss());
});

describe('TOAST_OPTIONS (spec §9)', () => {
  it('closes after 5000 ms, at the top right', () => {
    expect(TOAST_OPTIONS.autoClose).toBe(5000);
    expect(TOAST_OPTIONS.position).toBe('top-right');
  });

  it('shows at most 5 toasts, is not draggable and has no icon', () => {
    expect(TOAST_OPTIONS.limit).toBe(5);
    expect(TOAST_OPTIONS.draggable).toBe(false);
    expect(TOAST_OPTIONS.icon).toBe(false);
  });

  it('expresses the 0.6 drag threshold as the percentage the library expects', () => {
    expect(TOAST_OPTIONS.draggablePercent).toBe(60);
  });
});

describe('ToastHost and notify', () => {
  it('mounts nothing until a toast is asked for, then renders it with its text', async () => {
    const { container } = render(<ToastHost />);
    expect(container).toBeEmptyDOMElement();
    act(() => {
      notify.success('Exercise program sent');
    });
    expect(await screen.findByText('Exercise program sent')).toBeInTheDocument();
  });

  it('shows no icon in the toast', async () => {
    render(<ToastHost />);
    act(() => {
      notify.error('Upload failed');
    });
    const text = await screen.findByText('Upload failed');
    const toastEl = text.closest('.Toastify__toast');
    expect(toastEl).not.toBeNull();
    expect(toastEl?.querySelector('.Toastify__toast-icon')).toBeNull();
  });

  it('queues the sixth toast while five are visible', async () => {
    render(<ToastHost />);
    act(() => {
      for (let i = 1; i <= 6; i += 1) {
        notify.info(`Message ${i}`);
      }
    });
    await screen.findByText('Message 5');
    await waitFor(() => {
      expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(5);
    });
    expect(screen.queryByText('Message 6')).not.toBeInTheDocument();
  });
});
