import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { decidePageChange, pageCount, pageItems, Pager, type PageItem } from './pager';

/** '‹ 1 … 4 5 [6] 7 8 … 20 ›' — brackets mark the current page, '‹'/'›' are enabled arrows. */
function sketch(items: PageItem[]): string {
  return items
    .map((item) => {
      switch (item.type) {
        case 'prev':
          return item.disabled ? '(‹)' : '‹';
        case 'next':
          return item.disabled ? '(›)' : '›';
        case 'ellipsis':
          return '…';
        case 'page':
          return item.current ? `[${item.page}]` : String(item.page);
      }
    })
    .join(' ');
}

describe('pageCount (spec §9: 25 a page)', () => {
  it('divides by 25 by default, rounding up', () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(1)).toBe(1);
    expect(pageCount(25)).toBe(1);
    expect(pageCount(26)).toBe(2);
    expect(pageCount(51)).toBe(3);
  });

  it('accepts another page size and rejects a nonsensical one', () => {
    expect(pageCount(30, 10)).toBe(3);
    expect(() => pageCount(10, 0)).toThrow(RangeError);
  });
});

describe('pageItems (spec §2, §9: first, last, ellipses, a window of 2)', () => {
  it('shows a window of 2 either side with the first and last pages beyond ellipses', () => {
    expect(sketch(pageItems(10, 20))).toBe('‹ 1 … 8 9 [10] 11 12 … 20 ›');
  });

  it('disables previous on the first page and next on the last', () => {
    expect(sketch(pageItems(1, 10))).toBe('(‹) [1] 2 3 … 10 ›');
    expect(sketch(pageItems(10, 10))).toBe('‹ 1 … 8 9 [10] (›)');
    expect(sketch(pageItems(1, 1))).toBe('(‹) [1] (›)');
  });

  it('joins the window to the first and last page when nothing lies between', () => {
    expect(sketch(pageItems(4, 20))).toBe('‹ 1 2 3 [4] 5 6 … 20 ›');
    expect(sketch(pageItems(17, 20))).toBe('‹ 1 … 15 16 [17] 18 19 20 ›');
  });

  it('shows a lone hidden page instead of an ellipsis', () => {
    expect(sketch(pageItems(5, 20))).toBe('‹ 1 2 3 4 [5] 6 7 … 20 ›');
    expect(sketch(pageItems(16, 20))).toBe('‹ 1 … 14 15 [16] 17 18 19 20 ›');
    expect(sketch(pageItems(3, 7))).toBe('‹ 1 2 [3] 4 5 6 7 ›');
  });

  it('uses an ellipsis from two hidden pages on', () => {
    expect(sketch(pageItems(6, 20))).toBe('‹ 1 … 4 5 [6] 7 8 … 20 ›');
  });

  it('honours another range', () => {
    expect(sketch(pageItems(5, 10, 1))).toBe('‹ 1 … 4 [5] 6 … 10 ›');
  });

  it('points the arrows at the neighbouring pages', () => {
    const items = pageItems(4, 9);
    expect(items[0]).toEqual({ type: 'prev', page: 3, disabled: false });
    expect(items.at(-1)).toEqual({ type: 'next', page: 5, disabled: false });
  });

  it('clamps a current page outside 1..total and is empty without pages', () => {
    expect(sketch(pageItems(99, 10))).toBe(sketch(pageItems(10, 10)));
    expect(sketch(pageItems(0, 10))).toBe(sketch(pageItems(1, 10)));
    expect(pageItems(1, 0)).toEqual([]);
  });
});

describe('decidePageChange (spec §5)', () => {
  const base = { current: 2, total: 5 };

  it('accepts pages from 1 to the total page count', () => {
    expect(decidePageChange(1, base)).toBe('change');
    expect(decidePageChange(5, base)).toBe('change');
  });

  it('ignores pages outside 1..total and non-integer pages', () => {
    for (const target of [0, -1, 6, 2.5, Number.NaN]) {
      expect(decidePageChange(target, base)).toBe('ignore');
    }
  });

  it('ignores the page already shown', () => {
    expect(decidePageChange(2, base)).toBe('ignore');
  });

  it('asks for authentication when required and nobody is signed in', () => {
    expect(decidePageChange(3, { ...base, requiresAuth: true, isAuthenticated: false })).toBe(
      'request-auth',
    );
    expect(decidePageChange(3, { ...base, requiresAuth: true, isAuthenticated: true })).toBe(
      'change',
    );
    expect(decidePageChange(3, { ...base, requiresAuth: false, isAuthenticated: false })).toBe(
      'change',
    );
  });

  it('still ignores an out-of-range page before asking for authentication', () => {
    expect(decidePageChange(9, { ...base, requiresAuth: true })).toBe('ignore');
  });
});

describe('Pager', () => {
  it('is a named navigation that marks the current page', () => {
    render(<Pager page={3} totalPages={10} onChange={() => {}} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 4' })).not.toHaveAttribute('aria-current');
  });

  it('emits the chosen page from numbers and arrows', async () => {
    const onChange = vi.fn();
    render(<Pager page={3} totalPages={10} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange.mock.calls).toEqual([[10], [4], [2]]);
  });

  it('derives the page count from the row count at 25 a page', () => {
    render(<Pager page={1} count={51} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pager page={1} count={25} onChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('cannot go before the first or past the last page', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<Pager page={1} totalPages={3} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    rerender(<Pager page={3} totalPages={3} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('asks for authentication instead of paging when required and signed out', async () => {
    const onChange = vi.fn();
    const onRequestAuth = vi.fn();
    render(
      <Pager
        page={1}
        totalPages={4}
        requiresAuth
        isAuthenticated={false}
        onChange={onChange}
        onRequestAuth={onRequestAuth}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onRequestAuth).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('pages normally when authentication is required and present', async () => {
    const onChange = vi.fn();
    const onRequestAuth = vi.fn();
    render(
      <Pager
        page={1}
        totalPages={4}
        requiresAuth
        isAuthenticated
        onChange={onChange}
        onRequestAuth={onRequestAuth}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onChange).toHaveBeenCalledWith(2);
    expect(onRequestAuth).not.toHaveBeenCalled();
  });
});
