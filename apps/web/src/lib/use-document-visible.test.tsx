import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTabVisibility as showTab } from '../test/visibility';
import { onVisibilityChange, useDocumentVisible } from './use-document-visible';

afterEach(() => showTab('visible'));

describe('useDocumentVisible', () => {
  it('follows the tab being hidden and shown again', () => {
    const { result } = renderHook(() => useDocumentVisible());
    expect(result.current).toBe(true);
    act(() => showTab('hidden'));
    expect(result.current).toBe(false);
    act(() => showTab('visible'));
    expect(result.current).toBe(true);
  });

  it('stops telling once unsubscribed', () => {
    const onChange = vi.fn();
    const stop = onVisibilityChange(onChange);
    showTab('hidden');
    stop();
    showTab('visible');
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
