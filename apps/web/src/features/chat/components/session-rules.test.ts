import { describe, expect, it } from 'vitest';
import {
  DANA,
  MARIA,
  SAM,
  messageFixture,
  sessionFixture,
  supportSessionFixture,
} from '../../../test/chat-fixtures';
import {
  activityTime,
  conversationSubtitle,
  conversationTitle,
  groupByRecency,
  messagePreview,
  withoutOwnSupport,
} from './session-rules';

describe('a conversation in the list', () => {
  it('is called by its patient', () => {
    expect(conversationTitle(sessionFixture(), DANA.id)).toBe('Maria Alvarez');
    expect(conversationSubtitle(sessionFixture(), DANA.id)).toBe('Patient');
  });

  it('is Homestretch support for the staff member, and the staff member for the support contact', () => {
    const support = supportSessionFixture();
    expect(conversationTitle(support, DANA.id)).toBe('Homestretch support');
    expect(conversationSubtitle(support, DANA.id)).toBe('Sam Ortiz');
    expect(conversationTitle(support, SAM.id)).toBe('Dana Reyes');
    expect(conversationSubtitle(support, SAM.id)).toBe('Asks for support');
  });

  it('previews the last message on one line as plain text, with who wrote it', () => {
    const theirs = sessionFixture({
      last_message: messageFixture({ sender: MARIA, message: 'My knee\n\nhurts <b>a lot</b>' }),
    });
    expect(messagePreview(theirs, DANA.id)).toBe('Maria: My knee hurts <b>a lot</b>');
    const mine = sessionFixture({ last_message: messageFixture({ sender: DANA, message: 'Ok' }) });
    expect(messagePreview(mine, DANA.id)).toBe('You: Ok');
    expect(messagePreview(sessionFixture(), DANA.id)).toBe('No messages yet');
  });

  it('shows the time today, the weekday this week, the date before', () => {
    // The web tests' browser is in New York, as the fixtures' clinic (vite.config.ts).
    const zone = 'America/New_York';
    const now = new Date('2026-11-26T23:00:00.000Z');
    expect(activityTime('2026-11-26T14:05:00.000Z', zone, now)).toBe('9:05 AM');
    expect(activityTime('2026-11-23T14:05:00.000Z', zone, now)).toBe('Mon');
    expect(activityTime('2026-10-02T14:05:00.000Z', zone, now)).toBe('Oct 2, 2026');
    // A clinic in another zone than the browser's: the time says whose clock it is.
    expect(activityTime('2026-11-26T09:05:00.000Z', 'UTC', now)).toBe('9:05 AM UTC');
  });
});

describe('recency', () => {
  it('splits the page where recent conversations turn outdated, keeping their order', () => {
    const groups = groupByRecency([
      sessionFixture({ id: 1 }),
      sessionFixture({ id: 2 }),
      sessionFixture({ id: 3, recency: 'CHAT_OUTDATED' }),
      sessionFixture({ id: 4, recency: 'CHAT_OUTDATED' }),
    ]);
    expect(groups.map((group) => [group.recency, group.sessions.map((s) => s.id)])).toEqual([
      ['CHAT_RECENT', [1, 2]],
      ['CHAT_OUTDATED', [3, 4]],
    ]);
    expect(groupByRecency([])).toEqual([]);
  });
});

describe('the list under the pinned support line', () => {
  it('leaves out my own support conversation, not those others asked me', () => {
    const mine = supportSessionFixture({ id: 9 });
    const askedMe = supportSessionFixture({ id: 10, staff: SAM, support: DANA });
    const list = [sessionFixture({ id: 5 }), mine, askedMe];
    expect(withoutOwnSupport(list, DANA.id).map((session) => session.id)).toEqual([5, 10]);
  });
});
