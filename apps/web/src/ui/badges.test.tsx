import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CountBadge,
  NewBadge,
  normalizeBadgeSize,
  normalizeOffset,
  validateBadgeProps,
} from './badges';

describe('normalizeOffset (spec §5)', () => {
  it('keeps offsets made of an optional minus sign, digits and px', () => {
    for (const ok of ['0px', '12px', '-20px', '-4px', '100px']) {
      expect(normalizeOffset(ok, 'x')).toBe(ok);
      expect(normalizeOffset(ok, 'y')).toBe(ok);
    }
  });

  it('falls back to 0px for x and -20px for y otherwise', () => {
    for (const bad of [
      '',
      '12',
      'px',
      '1.5px',
      '+3px',
      '--3px',
      '3 px',
      ' 3px',
      '3PX',
      '3rem',
      '-',
      12,
      null,
      undefined,
    ]) {
      expect(normalizeOffset(bad, 'x')).toBe('0px');
      expect(normalizeOffset(bad, 'y')).toBe('-20px');
    }
  });

  it('rejects a valid offset with trailing text', () => {
    expect(normalizeOffset('3px; color: red', 'x')).toBe('0px');
  });
});

describe('normalizeBadgeSize (spec §5)', () => {
  it('accepts big and normal', () => {
    expect(normalizeBadgeSize('big')).toBe('big');
    expect(normalizeBadgeSize('normal')).toBe('normal');
  });

  it('falls back to normal for anything else', () => {
    for (const bad of ['small', 'BIG', '', undefined, 1]) {
      expect(normalizeBadgeSize(bad)).toBe('normal');
    }
  });
});

describe('validateBadgeProps', () => {
  it('passes valid props through', () => {
    expect(validateBadgeProps({ size: 'big', x: '-4px', y: '8px' })).toEqual({
      size: 'big',
      x: '-4px',
      y: '8px',
    });
  });

  it('applies every fallback to empty props', () => {
    expect(validateBadgeProps({})).toEqual({ size: 'normal', x: '0px', y: '-20px' });
  });
});

describe('CountBadge', () => {
  it("shows '1' by default with a label for screen readers", () => {
    const { container } = render(<CountBadge label="New billing file uploaded" />);
    const badge = container.firstElementChild as HTMLElement;
    expect(badge).toHaveTextContent(/^1New billing file uploaded$/);
    expect(screen.getByText('1')).toHaveAttribute('aria-hidden', 'true');
  });

  it('places itself by its offsets and size', () => {
    const { container } = render(<CountBadge size="big" x="-6px" y="-10px" />);
    const badge = container.firstElementChild as HTMLElement;
    expect(badge).toHaveStyle({ position: 'absolute', right: '-6px', top: '-10px' });
    expect(badge).toHaveAttribute('data-size', 'big');
  });

  it('uses the fallbacks for invalid offsets and size', () => {
    const { container } = render(
      // @ts-expect-error -- an invalid size, as untyped config might pass
      <CountBadge size="huge" x="5" y="1em" />,
    );
    const badge = container.firstElementChild as HTMLElement;
    expect(badge).toHaveStyle({ right: '0px', top: '-20px' });
    expect(badge).toHaveAttribute('data-size', 'normal');
  });
});

describe('NewBadge', () => {
  it("shows 'New' at the default placement", () => {
    render(<NewBadge />);
    const badge = screen.getByText('New');
    expect(badge).toHaveStyle({ position: 'absolute', right: '0px', top: '-20px' });
    expect(badge).toHaveAttribute('data-size', 'normal');
  });

  it('takes a big size and offsets', () => {
    render(<NewBadge size="big" x="10px" y="-2px" />);
    const badge = screen.getByText('New');
    expect(badge).toHaveStyle({ right: '10px', top: '-2px' });
    expect(badge).toHaveAttribute('data-size', 'big');
  });
});
