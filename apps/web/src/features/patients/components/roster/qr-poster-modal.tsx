import { Printer } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { paths } from '../../../../config/paths';
import { Button } from '../../../../ui/button';
import { Modal } from '../../../../ui/modal';
import { ModalActions } from '../../../../ui/modal-actions';
import { Spinner } from '../../../../ui/spinner';

/** Where a patient's phone camera goes: the sign-up page with the clinic's code filled in. */
export function signupUrl(origin: string, clinicCode: string): string {
  return `${origin}${paths.patientSignup(clinicCode)}`;
}

/** An SVG data URL: crisp at any print size, and no canvas needed. */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/*
 * Printing shows the poster alone: everything else on the page is hidden (visibility, so the
 * poster inside the modal can opt back in) and the app root takes no pages of its own.
 */
const PRINT_CSS = `
@media print {
  @page { margin: 15mm; }
  #root { display: none !important; }
  body * { visibility: hidden !important; }
  [data-print-poster], [data-print-poster] * { visibility: visible !important; }
  [data-print-poster] { position: fixed; inset: 0; padding: 0; }
}
`;

export interface QrPosterModalProps {
  clinicName: string;
  clinicCode: string;
  onClose: () => void;
}

export function QrPosterModal({ clinicName, clinicCode, onClose }: QrPosterModalProps) {
  const url = signupUrl(window.location.origin, clinicCode);
  const [qr, setQr] = useState<{ url: string; image: string } | null>(null);
  const image = qr?.url === url ? qr.image : null;

  useEffect(() => {
    let current = true;
    void qrDataUrl(url).then((dataUrl) => {
      if (current) {
        setQr({ url, image: dataUrl });
      }
    });
    return () => {
      current = false;
    };
  }, [url]);

  return (
    <Modal show size="lg" title="QR poster for patient sign-up" onClose={onClose}>
      <style>{PRINT_CSS}</style>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-ink-muted">
          Print this poster for your waiting room. Patients scan it to sign up and join your clinic
          on Homestretch.
        </p>
        <article
          data-print-poster
          aria-label="Poster"
          className="mx-auto flex w-full max-w-md flex-col items-center gap-4 rounded-card border border-line bg-surface p-6 text-center print:max-w-none print:justify-center print:gap-6 print:border-0"
        >
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            Your home exercise program
          </p>
          <h3 className="text-2xl font-semibold text-ink print:text-4xl">{clinicName}</h3>
          <p className="text-base text-ink-muted">
            Scan with your phone camera to get your exercises, track your progress and message your
            therapist.
          </p>
          {image ? (
            <img
              src={image}
              alt={`QR code linking to ${url}`}
              className="size-56 max-w-full print:size-80"
              width={224}
              height={224}
            />
          ) : (
            <div className="flex size-56 items-center justify-center">
              <Spinner label="Drawing the QR code" />
            </div>
          )}
          <ol className="w-full max-w-md list-decimal space-y-1 pl-6 text-left text-sm text-ink print:text-base">
            <li>Open the camera on your phone and point it at the code.</li>
            <li>Tap the link that appears.</li>
            <li>Enter your mobile number and the code we text you, then your details.</li>
          </ol>
          <p className="text-sm text-ink-muted">
            No camera? Go to <span className="font-medium break-all text-ink">{url}</span>
            <br />
            Clinic code{' '}
            <span className="font-mono font-semibold tracking-wider text-ink">{clinicCode}</span>
          </p>
        </article>
        <ModalActions divided>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => window.print()} disabled={!image}>
            <Printer aria-hidden="true" className="size-4" />
            Print poster
          </Button>
        </ModalActions>
      </div>
    </Modal>
  );
}
