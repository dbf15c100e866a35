import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  return <div ref={ref}>{near ? 'drawn' : 'waiting'}</div>;
}

type Callback = (entries: Pick<IntersectionObserverEntry, 'isIntersecting'>[]) => void;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useNearViewport', () => {
  it('waits until the element nears the viewport, then stays drawn', () => {
    const observers: { callback: Callback; disconnect: ReturnType<typeof vi.fn> }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        disconnect = vi.fn();
        constructor(callback: Callback, options: IntersectionObserverInit) {
          expect(options.rootMargin).toBe('400px');
          observers.push({ callback, disconnect: this.disconnect });
        }
        observe() {}
      },
    );
    render(<Probe />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    const [observer] = observers;
    act(() => observer?.callback([{ isIntersecting: false }]));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    act(() => observer?.callback([{ isIntersecting: true }]));
    expect(screen.getByText('drawn')).toBeInTheDocument();
    expect(observer?.disconnect).toHaveBeenCalled();
  });

  it('draws at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('drawn')).toBeInTheDocument();
  });
});
