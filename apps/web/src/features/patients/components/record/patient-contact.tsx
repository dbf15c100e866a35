import type { Patient } from '@homestretch/contract/patients/patient';
import { Mail, Phone } from 'lucide-react';
import { formatPhone } from '../../../../lib/phone-format';

const linkClass =
  'inline-flex min-h-10 items-center gap-1.5 rounded-control font-medium text-brand-700 underline hover:text-brand-800';

/** The patient's phone and e-mail as links that call or write (tel:, mailto:). */
export function PatientContact({ patient }: { patient: Pick<Patient, 'phone' | 'email'> }) {
  if (!patient.phone && !patient.email) {
    return <span className="text-ink-muted">No phone or e-mail recorded</span>;
  }
  return (
    <span className="flex flex-wrap gap-x-4">
      {patient.phone && (
        <a href={`tel:${patient.phone}`} className={linkClass}>
          <Phone aria-hidden="true" className="size-4 shrink-0" />
          {formatPhone(patient.phone)}
        </a>
      )}
      {patient.email && (
        <a href={`mailto:${patient.email}`} className={`${linkClass} break-all`}>
          <Mail aria-hidden="true" className="size-4 shrink-0" />
          {patient.email}
        </a>
      )}
    </span>
  );
}
