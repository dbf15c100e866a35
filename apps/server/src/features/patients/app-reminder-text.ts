/** What an app reminder says (POST /api/v1/patients/{id}/send_app_reminder/). */
/**
 * A patient without a login gets the clinic's sign-up page; one with a login gets the app's
 * address (PATIENT_APP_URL) or, when none is configured, the e-mail to sign in with — never a
 * link to a page this server does not have.
 */
export function appReminderText(
  config: { publicUrl: string; patientAppUrl: string | undefined },
  patient: { firstName: string; userId: number | null; email: string | null },
  clinicCode: string,
  clinicName: string,
): { body: string; link: string | null } {
  const opening = `Hello ${patient.firstName}, ${clinicName} has your home exercise program ready in the Homestretch app.`;
  if (patient.userId === null) {
    const link = `${config.publicUrl}/patient/signup?code=${encodeURIComponent(clinicCode)}`;
    return { body: `${opening} Create your account: ${link}`, link };
  }
  if (config.patientAppUrl) {
    return { body: `${opening} Get the app: ${config.patientAppUrl}`, link: config.patientAppUrl };
  }
  const signIn = patient.email ? ` Sign in with ${patient.email}.` : '';
  return { body: `${opening} Open the app on your phone.${signIn}`, link: null };
}
