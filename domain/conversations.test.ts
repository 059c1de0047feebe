import { describe, expect, it } from 'vitest';
import {
  CONVERSATION_MESSAGES,
  MAX_MESSAGE_LENGTH,
  MESSAGES_PER_MINUTE,
  NEW_ACCOUNT_DAILY_CONVERSATIONS,
  NEW_ACCOUNT_DAILY_MESSAGES,
  checkMessageBody,
  isNewAccount,
  mayStartAnotherConversation,
  messageLimitRefusal,
  minuteLimitWindowStart,
  orderedPair,
} from './conversations.js';

const now = new Date('2026-11-30T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe('conversation rules', () => {
  it('keeps a message between 1 and the longest length, trimmed', () => {
    expect(checkMessageBody('  hi  ')).toEqual({ body: 'hi' });
    expect(checkMessageBody(' \n ')).toEqual({ error: CONVERSATION_MESSAGES.bodyRequired });
    expect(checkMessageBody('x'.repeat(MAX_MESSAGE_LENGTH))).toEqual({ body: 'x'.repeat(MAX_MESSAGE_LENGTH) });
    expect(checkMessageBody('x'.repeat(MAX_MESSAGE_LENGTH + 1))).toEqual({ error: CONVERSATION_MESSAGES.bodyTooLong });
  });

  it('limits new conversations only for accounts younger than a week', () => {
    expect(isNewAccount(daysAgo(6.9), now)).toBe(true);
    expect(isNewAccount(daysAgo(7), now)).toBe(false);
    expect(mayStartAnotherConversation({ createdAt: daysAgo(1) }, NEW_ACCOUNT_DAILY_CONVERSATIONS - 1, now)).toBe(true);
    expect(mayStartAnotherConversation({ createdAt: daysAgo(1) }, NEW_ACCOUNT_DAILY_CONVERSATIONS, now)).toBe(false);
    expect(mayStartAnotherConversation({ createdAt: daysAgo(8) }, 500, now)).toBe(true);
  });

  it('limits messages a minute for everyone and a day for accounts younger than a week', () => {
    expect(minuteLimitWindowStart(now)).toEqual(new Date('2026-11-30T11:59:00Z'));
    expect(messageLimitRefusal({ createdAt: daysAgo(30) }, { lastMinute: MESSAGES_PER_MINUTE - 1, lastDay: 5000 }, now)).toBeNull();
    expect(messageLimitRefusal({ createdAt: daysAgo(30) }, { lastMinute: MESSAGES_PER_MINUTE, lastDay: MESSAGES_PER_MINUTE }, now)).toBe(CONVERSATION_MESSAGES.minuteMessageLimit);
    expect(messageLimitRefusal({ createdAt: daysAgo(1) }, { lastMinute: 0, lastDay: NEW_ACCOUNT_DAILY_MESSAGES - 1 }, now)).toBeNull();
    expect(messageLimitRefusal({ createdAt: daysAgo(1) }, { lastMinute: 0, lastDay: NEW_ACCOUNT_DAILY_MESSAGES }, now)).toBe(CONVERSATION_MESSAGES.dailyMessageLimit);
  });

  it('stores a pair lower id first, whoever starts', () => {
    expect(orderedPair(9, 3)).toEqual({ low: 3, high: 9 });
    expect(orderedPair(3, 9)).toEqual({ low: 3, high: 9 });
  });
});
