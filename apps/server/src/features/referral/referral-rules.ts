import { type MailMessage, escapeHtml } from '../../platform/mail';

/**
 * Why an `action_url` is refused, or null when it may be mailed: an http(s) link on one of the
 * app's own origins, with no user name or password in it (`https://app.test@evil.test/` names
 * evil.test, and `https://user@app.test/` only dresses a link up). Anything else would let the
 * endpoint mail someone else's link in the clinic's name.
 */
export function actionUrlRefusal(value: string, allowedOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Must be a full link, like https://clinic.example.com/therapist-signup';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return 'Must be an http or https link';
  }
  if (url.username !== '' || url.password !== '') {
    return 'Must not contain a user name or password';
  }
  const origins = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  if (!origins.has(url.origin)) {
    return 'Must be a link to this Homestretch site';
  }
  return null;
}

export interface Referral {
  to: string;
  firstName: string;
  actionUrl: string;
  sender: { firstName: string; lastName: string };
  clinic: { id: number; name: string };
}

/**
 * The invitation: who sends it and from which clinic, the link, and why the colleague got it.
 * Every value a person typed is escaped in the HTML part; the text part is plain text.
 */
export function referralMail(referral: Referral): MailMessage {
  const sender = `${referral.sender.firstName} ${referral.sender.lastName}`.trim();
  const clinic = referral.clinic.name;
  const greeting = referral.firstName;
  const link = referral.actionUrl;
  const text = [
    `Hello ${greeting},`,
    '',
    `${sender} of ${clinic} invites you to Homestretch, the home exercise programs, remote monitoring and patient chat they use with their patients.`,
    '',
    `Have a look and create your account here:`,
    link,
    '',
    `You are getting this e-mail because ${sender} entered your address at ${clinic}. If you do not know them, ignore it: nothing is created and we will not write again unless a colleague invites you.`,
    '',
    'Homestretch',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(greeting)},</p>`,
    `<p>${escapeHtml(sender)} of ${escapeHtml(clinic)} invites you to Homestretch, the home exercise programs, remote monitoring and patient chat they use with their patients.</p>`,
    `<p><a href="${escapeHtml(link)}">Have a look and create your account</a></p>`,
    `<p>You are getting this e-mail because ${escapeHtml(sender)} entered your address at ${escapeHtml(clinic)}. If you do not know them, ignore it: nothing is created and we will not write again unless a colleague invites you.</p>`,
    '<p>Homestretch</p>',
  ].join('');
  return {
    clinicId: referral.clinic.id,
    to: referral.to,
    subject: `${sender} invites you to Homestretch`,
    text,
    html,
  };
}
