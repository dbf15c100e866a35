import type { Folder } from '@homestretch/contract/library/folder';
import { LayoutGrid, List, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { cx } from '../../../ui/cx';
import { Spinner } from '../../../ui/spinner';
import type { LibraryView } from './video-results';

/** The library's title, how many videos the search found, grid or list, and "Upload video". */
export function LibraryHeader({
  count,
  openFolder,
  updating,
  view,
  onView,
}: {
  /** The search's count; null until the first page arrives. */
  count: number | null;
  openFolder: Folder | null;
  updating: boolean;
  view: LibraryView;
  onView: (view: LibraryView) => void;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold text-ink">Exercise library</h1>
        <p className="mt-1 flex items-center gap-2 text-sm text-ink-muted" aria-live="polite">
          {count !== null
            ? `${count.toLocaleString('en-US')} ${count === 1 ? 'video' : 'videos'}${openFolder ? ` in “${openFolder.name}”` : ''}`
            : 'Your clinic’s videos and the exercise catalogue'}
          {updating && count !== null && <Spinner size="sm" label="Updating" />}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <div
          role="group"
          aria-label="View"
          className="flex rounded-control border border-line-strong bg-surface p-0.5"
        >
          {(
            [
              ['grid', 'Grid', LayoutGrid],
              ['list', 'List', List],
            ] as const
          ).map(([value, label, Icon]) => (
            <button
              key={value}
              type="button"
              aria-pressed={view === value}
              onClick={() => onView(value)}
              className={cx(
                'inline-flex min-h-9 items-center gap-1.5 rounded-[0.375rem] px-2.5 text-sm',
                view === value
                  ? 'bg-brand-50 font-medium text-brand-800'
                  : 'text-ink-muted hover:text-ink',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </button>
          ))}
        </div>
        <Link
          to={paths.exerciseUpload()}
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-control bg-brand-700 px-4 font-medium text-surface hover:bg-brand-800"
        >
          <Upload aria-hidden="true" className="size-4" />
          Upload video
        </Link>
      </div>
    </div>
  );
}
