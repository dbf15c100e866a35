/** What an app reminder says (POST /api/v1/patients/{id}/send_app_reminder/). */

/** The patient app this server serves (apps/web/app), unless PATIENT_APP_URL names another. */
export function patientAppLink(config: { publicUrl: string; patientAppUrl: string | undefined }) {
  return config.patientAppUrl ?? `${config.publicUrl}/app`;
}

/**
 * A patient without a login gets the clinic's sign-up page; one with a login gets the app's
 * address and the e-mail to sign in with.
 */
export function appReminderText(
  config: { publicUrl: string; patientAppUrl: string | undefined },
  patient: { firstName: string; userId: number | null; email: string | null },
  clinicCode: string,
  clinicName: string,
): { body: string; link: string } {
  const opening = `Hello ${patient.firstName}, ${clinicName} has your home exercise program ready in the Homestretch app.`;
  if (patient.userId === null) {
    const link = `${config.publicUrl}/patient/signup?code=${encodeURIComponent(clinicCode)}`;
    return { body: `${opening} Create your account: ${link}`, link };
  }
  const link = patientAppLink(config);
  const signIn = patient.email ? ` Sign in with ${patient.email}.` : '';
  return { body: `${opening} Open the app: ${link}${signIn}`, link };
}
