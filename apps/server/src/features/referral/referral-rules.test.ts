import { describe, expect, it } from 'vitest';
import { invitationLink, referralMail } from './referral-rules';

const ORIGINS = ['https://pt.example.org', 'https://app.example.org/'];

describe('invitationLink', () => {
  it("builds the staff sign-up link on the app's own origin the client named", () => {
    const cases: [string, string][] = [
      ['https://pt.example.org/therapist-signup', 'https://pt.example.org/therapist-signup'],
      ['https://pt.example.org/therapist-signup/', 'https://pt.example.org/therapist-signup'],
      ['https://app.example.org/therapist-signup', 'https://app.example.org/therapist-signup'],
    ];
    for (const [value, link] of cases) {
      expect(invitationLink(value, ORIGINS), value).toEqual({ link });
    }
  });

  it('refuses other sites, schemes, ports, other pages, queries and links dressed with a user name', () => {
    const cases: [string, RegExp][] = [
      ['https://evil.example.com/therapist-signup', /this Homestretch site/],
      ['https://pt.example.org.evil.com/', /this Homestretch site/],
      ['https://pt.example.org@evil.com/', /user name or password/],
      ['http://pt.example.org/', /this Homestretch site/],
      ['https://pt.example.org:8443/', /this Homestretch site/],
      ['https://user@pt.example.org/', /user name or password/],
      ['javascript:alert(1)', /http or https/],
      ['data:text/html,hi', /http or https/],
      ['/therapist-signup', /full link/],
      ['not a link', /full link/],
      ['https://pt.example.org/login?next=//evil.example/phish', /staff sign-up page/],
      ['https://pt.example.org/', /staff sign-up page/],
      ['https://pt.example.org/therapist-signup?code=DEMO2026', /staff sign-up page/],
      ['https://pt.example.org/therapist-signup#x', /staff sign-up page/],
      ['https://pt.example.org/therapist-signup/../login', /staff sign-up page/],
    ];
    for (const [value, reason] of cases) {
      const answer = invitationLink(value, ORIGINS);
      expect('refused' in answer ? answer.refused : answer.link, value).toMatch(reason);
    }
  });
});

describe('referralMail', () => {
  it('names the sender and their clinic, and escapes what people typed in the HTML part', () => {
    const mail = referralMail({
      to: 'lee@example.com',
      firstName: '<b>Lee</b>',
      actionUrl: 'https://pt.example.org/therapist-signup?a=1&b=2',
      sender: { firstName: 'Dana', lastName: 'O"Neil' },
      clinic: { id: 4, name: 'Riverside & Co <Physio>' },
    });
    expect(mail).toMatchObject({ to: 'lee@example.com', clinicId: 4 });
    expect(mail.subject).toBe('Dana O"Neil invites you to Homestretch');
    expect(mail.text).toContain('Hello <b>Lee</b>,');
    expect(mail.text).toContain('Dana O"Neil of Riverside & Co <Physio> invites you');
    expect(mail.text).toContain('https://pt.example.org/therapist-signup?a=1&b=2');
    expect(mail.html).toContain('Hello &lt;b&gt;Lee&lt;/b&gt;,');
    expect(mail.html).toContain('Dana O&quot;Neil of Riverside &amp; Co &lt;Physio&gt;');
    expect(mail.html).toContain('href="https://pt.example.org/therapist-signup?a=1&amp;b=2"');
    expect(mail.html).not.toContain('<b>');
  });
});
