import { describe, expect, it } from 'vitest';
import { audienceEventSchema, audienceSettingsSchema, caseCallIn, voteIn } from './audience.js';

describe('the audience', () => {
  it('reads votes the way the chat types them', () => {
    for (const deal of ['deal', 'DEAL', ' Deal ', '!deal']) expect(voteIn(deal), deal).toBe('deal');
    for (const no of ['no deal', 'No  Deal', 'nodeal', '!nodeal', '!no deal'])
      expect(voteIn(no), no).toBe('noDeal');
    for (const other of ['dealer', 'deal!', 'no', 'deal or no deal', ''])
      expect(voteIn(other), other).toBeNull();
  });

  it('reads case calls from 1 to 26', () => {
    expect(caseCallIn('7')).toBe(7);
    expect(caseCallIn('!open 12')).toBe(12);
    expect(caseCallIn('!OPEN 26')).toBe(26);
    expect(caseCallIn(' #3 ')).toBe(3);
    for (const other of ['0', '27', '7 please', 'open 7', '!open', '100'])
      expect(caseCallIn(other), other).toBeNull();
  });

  it('takes a normalized event and refuses a malformed one, naming the field', () => {
    const chat = {
      type: 'chat',
      msgId: 'm1',
      viewerId: 'v1',
      uniqueId: 'ann',
      nickname: 'Ann',
      comment: 'deal',
    };
    expect(audienceEventSchema.parse(chat)).toEqual(chat);
    const gift = {
      type: 'gift',
      msgId: 'm2',
      viewerId: 'v2',
      uniqueId: 'bo',
      nickname: 'Bo',
      giftId: 5655,
      giftName: 'Rose',
      diamondCount: 1,
      repeatCount: 3,
    };
    expect(audienceEventSchema.parse(gift)).toEqual(gift);
    const bad = audienceEventSchema.safeParse({ ...gift, repeatCount: 0 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['repeatCount']);
    expect(audienceEventSchema.safeParse({ ...chat, type: 'dance' }).error?.issues[0]?.message).toBe(
      'type must be one of chat, gift, like, follow, share, join',
    );
    expect(audienceEventSchema.safeParse({ ...chat, msgId: '' }).success).toBe(false);
  });

  it('keeps the window from 3 to 120 seconds', () => {
    expect(audienceSettingsSchema.parse({ mode: 'vote', windowSeconds: 30 })).toEqual({
      mode: 'vote',
      windowSeconds: 30,
    });
    expect(
      audienceSettingsSchema.safeParse({ mode: 'vote', windowSeconds: 2 }).error?.issues[0]?.message,
    ).toBe('windowSeconds must be at least 3');
    expect(
      audienceSettingsSchema.safeParse({ mode: 'poll', windowSeconds: 30 }).error?.issues[0]?.message,
    ).toBe('mode must be one of off, vote, call');
  });
});
