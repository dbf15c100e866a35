import { describe, expect, it } from 'vitest';
import { actionUrlRefusal, referralMail } from './referral-rules';

const ORIGINS = ['https://pt.example.org', 'https://app.example.org/'];

describe('actionUrlRefusal', () => {
  it("accepts http(s) links on the app's own origins", () => {
    for (const ok of [
      'https://pt.example.org/therapist-signup',
      'https://pt.example.org/',
      'https://app.example.org/therapist-signup?code=DEMO2026&ref=12',
    ]) {
      expect(actionUrlRefusal(ok, ORIGINS)).toBeNull();
    }
  });

  it('refuses other sites, schemes, ports and links dressed with a user name', () => {
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
    ];
    for (const [value, reason] of cases) {
      expect(actionUrlRefusal(value, ORIGINS), value).toMatch(reason);
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
