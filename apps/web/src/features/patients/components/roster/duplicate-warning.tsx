import type { Role } from '@homestretch/contract/common/enums';
import type {
  DuplicateMatch,
  LikelyDuplicate,
} from '@homestretch/contract/patients/register-patient';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { Button } from '../../../../ui/button';
import { formatDate } from '../../../../ui/format-date';
import { canOpenRecord, fullName } from './patient-labels';
import { writeRosterFilters, DEFAULT_FILTERS } from './roster-filters';

const MATCH_LABELS: Record<DuplicateMatch, string> = {
  name_birthday: 'same name and birthday',
  phone: 'same phone',
  email: 'same e-mail',
};

/**
 * Where "Open" leads: the record for a clinician; the roster found by the name for the front
 * desk, who may not enter the record (spec §6), discharged patients included.
 */
function openHref(duplicate: LikelyDuplicate, role: Role): string {
  if (canOpenRecord(role)) {
    return paths.patientDashboard(duplicate.id);
  }
  const filters = { ...DEFAULT_FILTERS, search: fullName(duplicate), status: 'all' as const };
  return `${paths.patientList()}?${writeRosterFilters(filters).toString()}`;
}

export interface DuplicateWarningProps {
  duplicates: LikelyDuplicate[];
  role: Role;
  /** Leaves the dialog for the record (or the roster) of a duplicate. */
  onOpen: () => void;
  onRegisterAnyway: () => void;
  registering: boolean;
}

/**
 * The registration looks like a patient the clinic has: open that one, or register anyway (a
 * namesake, twins). Takes focus when it appears, so a keyboard or screen-reader user hears it.
 */
export function DuplicateWarning({
  duplicates,
  role,
  onOpen,
  onRegisterAnyway,
  registering,
}: DuplicateWarningProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="duplicate-warning-title"
      className="flex flex-col gap-3 rounded-card border border-warning-400 bg-warning-50 p-4 text-sm text-ink"
    >
      <h3 id="duplicate-warning-title" className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0 text-warning-700" />
        This looks like a patient you already have
      </h3>
      <ul className="flex flex-col gap-2">
        {duplicates.map((duplicate) => (
          <li
            key={duplicate.id}
            className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between"
          >
            <span>
              <span className="font-medium">{fullName(duplicate)}</span>
              {duplicate.birthday && <>, born {formatDate(duplicate.birthday)}</>}
              <span className="text-ink-muted">
                {' '}
                · {duplicate.matched.map((match) => MATCH_LABELS[match]).join(', ')}
              </span>
            </span>
            <Link
              to={openHref(duplicate, role)}
              onClick={onOpen}
              className="inline-flex min-h-10 items-center rounded-control font-medium text-brand-800 underline-offset-2 hover:underline"
            >
              Open {fullName(duplicate)}
            </Link>
          </li>
        ))}
      </ul>
      <div className="flex justify-end">
        <Button variant="secondary" size="sm" loading={registering} onClick={onRegisterAnyway}>
          Register anyway
        </Button>
      </div>
    </section>
  );
}
