import { ComingSoon } from '../../../ui/coming-soon';

/** referral_program (/referral) — built in a later issue; no sample data until then. */
export function ReferralPage() {
  return (
    <ComingSoon
      screen="Referral program"
      description="Invite colleagues at other clinics to Homestretch by e-mail."
    />
  );
}
