import { useFormContext } from 'react-hook-form';

/** Register and onboard ask the same: is this episode of care covered for RTM (domain/rtm.md)? */
export function RtmCoveredField() {
  const { register } = useFormContext<{ rtmCovered: boolean }>();
  return (
    <label className="flex min-h-10 items-center gap-2 text-sm text-ink">
      <input type="checkbox" className="size-4 accent-brand-700" {...register('rtmCovered')} />
      Covered for remote therapeutic monitoring (RTM)
    </label>
  );
}
