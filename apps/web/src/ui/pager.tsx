import { PAGE_RANGE, PAGE_SIZE } from '@homestretch/contract/common/constants';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cx } from './cx';

export type PageItem =
  | { type: 'prev'; page: number; disabled: boolean }
  | { type: 'next'; page: number; disabled: boolean }
  | { type: 'page'; page: number; current: boolean }
  | { type: 'ellipsis'; position: 'start' | 'end' };

/** Number of pages for `count` rows (spec §9: 25 rows a page by default). */
export function pageCount(count: number, pageSize: number = PAGE_SIZE): number {
  if (!Number.isInteger(pageSize) || pageSize <= 0) {
    throw new RangeError(`pageSize must be a positive integer, got ${pageSize}`);
  }
  return count > 0 ? Math.ceil(count / pageSize) : 0;
}

/**
 * The pager's links (spec §2): previous, first page, an ellipsis, `range` pages either side of
 * the current one, an ellipsis, last page, next. An ellipsis never stands for a single page:
 * that page is shown instead, since "…" is no shorter than "2".
 */
export function pageItems(current: number, total: number, range: number = PAGE_RANGE): PageItem[] {
  if (total < 1) {
    return [];
  }
  const page = Math.min(Math.max(Math.trunc(current) || 1, 1), total);
  const from = Math.max(page - range, 1);
  const to = Math.min(page + range, total);

  const items: PageItem[] = [{ type: 'prev', page: page - 1, disabled: page <= 1 }];
  const pushPage = (n: number) => items.push({ type: 'page', page: n, current: n === page });

  if (from > 1) {
    pushPage(1);
  }
  if (from === 3) {
    pushPage(2);
  } else if (from > 3) {
    items.push({ type: 'ellipsis', position: 'start' });
  }
  for (let n = from; n <= to; n += 1) {
    pushPage(n);
  }
  if (to === total - 2) {
    pushPage(total - 1);
  } else if (to < total - 2) {
    items.push({ type: 'ellipsis', position: 'end' });
  }
  if (to < total) {
    pushPage(total);
  }
  items.push({ type: 'next', page: page + 1, disabled: page >= total });
  return items;
}

export type PageChangeDecision = 'change' | 'request-auth' | 'ignore';

/**
 * Spec §5: only pages 1..total are accepted; a pager that requires authentication asks for the
 * authentication modal instead when nobody is signed in. Re-selecting the current page is a
 * no-op, so it neither refetches nor prompts.
 */
export function decidePageChange(
  target: number,
  options: { current: number; total: number; requiresAuth?: boolean; isAuthenticated?: boolean },
): PageChangeDecision {
  const { current, total, requiresAuth = false, isAuthenticated = false } = options;
  if (!Number.isInteger(target) || target < 1 || target > total || target === current) {
    return 'ignore';
  }
  if (requiresAuth && !isAuthenticated) {
    return 'request-auth';
  }
  return 'change';
}

interface PagerBaseProps {
  /** The current page, 1-based. */
  page: number;
  onChange: (page: number) => void;
  requiresAuth?: boolean;
  isAuthenticated?: boolean;
  /** Opens the authentication modal (spec §5). */
  onRequestAuth?: () => void;
  /** Names the navigation landmark when a screen has more than one pager. */
  label?: string;
  className?: string;
}

export type PagerProps = PagerBaseProps &
  (
    | { count: number; pageSize?: number; totalPages?: never }
    | { totalPages: number; count?: never; pageSize?: never }
  );

const LINK_CLASS =
  'inline-flex min-h-10 min-w-10 items-center justify-center rounded-control px-2 text-sm';

export function Pager(props: PagerProps) {
  const {
    page,
    onChange,
    requiresAuth,
    isAuthenticated,
    onRequestAuth,
    label = 'Pagination',
    className,
  } = props;
  const total =
    props.totalPages !== undefined ? props.totalPages : pageCount(props.count, props.pageSize);

  if (total <= 1) {
    return null;
  }

  const go = (target: number) => {
    const decision = decidePageChange(target, {
      current: page,
      total,
      requiresAuth,
      isAuthenticated,
    });
    if (decision === 'change') {
      onChange(target);
    } else if (decision === 'request-auth') {
      onRequestAuth?.();
    }
  };

  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap items-center gap-1">
        {pageItems(page, total).map((item) => {
          switch (item.type) {
            case 'prev':
            case 'next': {
              const Icon = item.type === 'prev' ? ChevronLeft : ChevronRight;
              return (
                <li key={item.type}>
                  <button
                    type="button"
                    aria-label={item.type === 'prev' ? 'Previous page' : 'Next page'}
                    disabled={item.disabled}
                    onClick={() => go(item.page)}
                    className={cx(
                      LINK_CLASS,
                      'text-ink-muted hover:bg-canvas disabled:cursor-not-allowed disabled:opacity-40',
                    )}
                  >
                    <Icon aria-hidden="true" className="size-4" />
                  </button>
                </li>
              );
            }
            case 'ellipsis':
              return (
                <li
                  key={`ellipsis-${item.position}`}
                  aria-hidden="true"
                  className="px-1 text-ink-subtle"
                >
                  …
                </li>
              );
            case 'page':
              return (
                <li key={item.page}>
                  <button
                    type="button"
                    aria-label={`Page ${item.page}`}
                    aria-current={item.current ? 'page' : undefined}
                    onClick={() => go(item.page)}
                    className={cx(
                      LINK_CLASS,
                      item.current
                        ? 'bg-brand-700 font-semibold text-surface'
                        : 'text-ink hover:bg-canvas',
                    )}
                  >
                    {item.page}
                  </button>
                </li>
              );
          }
        })}
      </ul>
    </nav>
  );
}
