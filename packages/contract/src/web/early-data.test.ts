import { describe, expect, it } from 'vitest';
import { earlyDataOf, matchPattern } from './early-data';

const session = ['/api/v1/users/', '/user/settings-info'];

describe('what a first visit asks for as the page starts (issue 29)', () => {
  it('a patient’s record: the session, the settings and the record the header shows', () => {
    expect(earlyDataOf('/patient/29/dashboard')).toEqual([...session, '/api/v1/patients/29/']);
  });

  it('any other signed-in screen: the session and the settings the route guard waits for', () => {
    for (const path of [
      '/',
      '/patients',
      '/balances',
      '/chat/4/messages',
      '/patient/8/program/print',
      '/approvals',
      '/dashboard/',
    ]) {
      expect(earlyDataOf(path), path).toEqual(session);
    }
  });

  it('the sign-in page: only the session check that may send a signed-in visitor on', () => {
    expect(earlyDataOf('/login')).toEqual(['/api/v1/users/']);
  });

  it('pages for those not signed in, and unknown addresses: nothing', () => {
    for (const path of [
      '/supervisor-login',
      '/therapist-signup',
      '/find-password',
      '/patient/signup',
      '/reset-password',
      '/no-such-page',
      '/patient/29/dashboard/extra',
    ]) {
      expect(earlyDataOf(path), path).toEqual([]);
    }
  });

  it('an address that is not a record id asks for no record', () => {
    expect(earlyDataOf('/patient/abc/dashboard')).toEqual(session);
    expect(earlyDataOf('/patient/0/dashboard')).toEqual(session);
    // A malformed escape is an address like any other, not an error on the page's load.
    expect(earlyDataOf('/patient/%E0%A4%A/dashboard')).toEqual(session);
  });
});

describe('matchPattern', () => {
  it('reads :name segments and ignores a trailing slash', () => {
    expect(matchPattern('/chat/:id/messages', '/chat/12/messages/')).toEqual({ id: '12' });
    expect(matchPattern('/chat/:id/messages', '/chat//messages')).toBeNull();
    expect(matchPattern('/', '/')).toEqual({});
    expect(matchPattern('/patients', '/patients/12')).toBeNull();
  });
});
