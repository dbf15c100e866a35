import { Download, Share, SquarePlus, X } from 'lucide-react';
import { Button } from '../../ui/button';
import { useInstallOffer } from '../lib/install';

/**
 * Puts Homestretch on the home screen: Android's own install prompt from a button, or on the
 * iPhone the steps in Safari. Gone once installed or dismissed.
 */
export function InstallOffer() {
  const { offer, install, dismiss } = useInstallOffer();
  if (offer === 'none') {
    return null;
  }
  return (
    <aside
      aria-labelledby="install-heading"
      className="relative rounded-card border border-brand-200 bg-brand-50 p-4"
    >
      <button
        type="button"
        onClick={dismiss}
        aria-label="Not now"
        className="absolute top-1 right-1 inline-flex size-12 items-center justify-center rounded-full text-ink-muted hover:bg-brand-100 hover:text-ink"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
      <h2 id="install-heading" className="pr-10 text-lg font-semibold text-brand-900">
        Keep Homestretch on your phone
      </h2>
      {offer === 'prompt' ? (
        <>
          <p className="mt-1 text-base text-ink">
            Add the app to your home screen to open your exercises with one tap, even offline.
          </p>
          <Button size="lg" className="mt-3 w-full" onClick={() => void install()}>
            <Download aria-hidden="true" className="size-5" />
            Install the app
          </Button>
        </>
      ) : (
        <ol className="mt-2 flex flex-col gap-2 text-base text-ink">
          <li className="flex items-start gap-2">
            <span className="font-semibold">1.</span>
            <span>
              Tap the Share button
              <Share aria-label="(Share icon)" className="mx-1 inline size-5 align-text-bottom" />
              at the bottom of Safari.
            </span>
          </li>
          <li className="flex items-start gap-2">
            <span className="font-semibold">2.</span>
            <span>
              Choose <strong>Add to Home Screen</strong>
              <SquarePlus
                aria-label="(Add icon)"
                className="mx-1 inline size-5 align-text-bottom"
              />
              , then <strong>Add</strong>.
            </span>
          </li>
        </ol>
      )}
    </aside>
  );
}
