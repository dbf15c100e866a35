import { describe, expect, it } from 'vitest';
import { mariaConversation } from './demo-chat';

const NOW = new Date('2026-11-28T15:00:00Z');
const daysAgo = (days: number, value: number) => ({
  at: new Date(NOW.getTime() - days * 86_400_000),
  value,
});

function reply(pain: Parameters<typeof mariaConversation>[0]) {
  return mariaConversation(pain, NOW).find((line) => line.from === 'remote')?.text;
}

describe("Maria's demo conversation", () => {
  it('quotes her latest report before the reply and the one before she first wrote', () => {
    const pain = [daysAgo(5, 6), daysAgo(4, 5), daysAgo(2, 3), daysAgo(0.1, 1)];
    expect(reply(pain)).toMatch(/^Your latest pain report was 3, down from 5 when you first wrote/);
    expect(reply([daysAgo(4, 3), daysAgo(2, 5)])).toMatch(/was 5, up from 3 when you first wrote/);
    expect(reply([daysAgo(4, 4), daysAgo(2, 4)])).toMatch(/^Your latest pain report was 4\. /);
  });

  it('quotes no figure she never reported', () => {
    expect(reply([])).toMatch(/^Thanks for the update\./);
    expect(reply([daysAgo(0.5, 2)])).toMatch(/^Thanks for the update\./);
  });
});
