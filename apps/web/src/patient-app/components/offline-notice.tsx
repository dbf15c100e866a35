import { WifiOff } from 'lucide-react';
import { savedWhen } from '../lib/program-format';

/** Says the program shown is the copy kept on the phone, and from when. */
export function OfflineNotice({ savedAt, timeZone }: { savedAt: string; timeZone: string }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-card border border-warning-400/60 bg-warning-50 p-3 text-base text-warning-700"
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>
        <span className="font-semibold">You are offline.</span> Showing your program from{' '}
        {savedWhen(savedAt, new Date(), timeZone)}. Ticks and messages need a connection.
      </p>
    </div>
  );
}
