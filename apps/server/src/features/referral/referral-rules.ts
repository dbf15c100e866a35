import { type MailMessage, escapeHtml } from '../../platform/mail';

/** The one page an invitation opens: staff sign-up (README, Referrals). */
export const STAFF_SIGNUP_PATH = '/therapist-signup';

/**
 * The link an invitation mails, built here: this site's staff sign-up page on the origin
 * `action_url` names, one of the app's own, or why that link is refused. The client's path and
 * query are never mailed (security issue 28: `/login?next=//evil.example/phish` went out in the
 * clinic's name), and a link to another page is refused rather than quietly replaced. No user
 * name or password either: `https://app.test@evil.test/` names evil.test.
 */
export function invitationLink(
  value: string,
  allowedOrigins: readonly string[],
): { link: string } | { refused: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { refused: `Must be a full link, like https://clinic.example.com${STAFF_SIGNUP_PATH}` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { refused: 'Must be an http or https link' };
  }
  if (url.username !== '' || url.password !== '') {
    return { refused: 'Must not contain a user name or password' };
  }
  const origins = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  if (!origins.has(url.origin)) {
    return { refused: 'Must be a link to this Homestretch site' };
  }
  if (
    url.pathname.replace(/\/$/, '') !== STAFF_SIGNUP_PATH ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    return { refused: `Must be this site's staff sign-up page, ${url.origin}${STAFF_SIGNUP_PATH}` };
  }
  return { link: `${url.origin}${STAFF_SIGNUP_PATH}` };
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
