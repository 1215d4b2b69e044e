import { audienceEventSchema, caseCallIn, voteIn, type AudienceEvent } from '@dond/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedEvents, FIXTURE_COUNTS, fixtureLines } from './fixtures.js';
import { fromConnector, fromTikFinity, type NormalizeResult } from './normalize.js';

function replay(results: NormalizeResult[]) {
  const events: AudienceEvent[] = [];
  const ignored: string[] = [];
  const malformed: string[] = [];
  for (const result of results) {
    if (result.kind === 'event') events.push(result.event);
    else if (result.kind === 'ignored') ignored.push(result.reason);
    else malformed.push(result.reason);
  }
  return { events, ignored, malformed };
}

const tikfinity = () => replay(fixtureLines('tikfinity').map((line) => fromTikFinity(line)));
const connector = () =>
  replay(
    fixtureLines('connector').map((line) => {
      const { event, data } = JSON.parse(line) as { event: string; data: unknown };
      return fromConnector(event, data);
    }),
  );

describe('the recorded TikFinity messages', () => {
  it('normalize to exactly the expected events, in order', () => {
    const { events, ignored, malformed } = tikfinity();
    expect(events).toEqual(expectedEvents('tikfinity'));
    expect(ignored).toHaveLength(FIXTURE_COUNTS.tikfinity.ignored);
    expect(malformed).toHaveLength(FIXTURE_COUNTS.tikfinity.malformed);
    for (const event of events) expect(audienceEventSchema.parse(event)).toEqual(event);
  });

  it('count a Rose streak once, at its end, with its final repeatCount', () => {
    const { events, ignored } = tikfinity();
    const roses = events.filter((e) => e.type === 'gift' && e.giftName === 'Rose');
    expect(roses).toEqual([expect.objectContaining({ repeatCount: 3, msgId: '7441553166834502417' })]);
    expect(ignored.filter((r) => r === 'gift streak still running')).toHaveLength(3);
  });

  it('say why each broken line is dropped', () => {
    expect(tikfinity().malformed).toEqual([
      'not JSON',
      'not an { event, data } object',
      'data must be an object',
      'no userId',
      'no giftId',
      'likeCount cannot be negative',
      'event must be text',
    ]);
  });

  it('carry the votes and case calls the chat makes', () => {
    const chats = tikfinity().events.filter((e) => e.type === 'chat');
    expect(chats.map((e) => voteIn(e.comment))).toEqual([
      'deal',
      'noDeal',
      'noDeal',
      null,
      null,
      'noDeal',
      // 'NO DEAL 😱' says more than a vote
      null,
    ]);
    expect(chats.map((e) => caseCallIn(e.comment))).toEqual([null, null, null, 7, 12, null, null]);
  });
});

describe('the recorded tiktok-live-connector 2.x events', () => {
  it('normalize to exactly the expected events, in order', () => {
    const { events, ignored, malformed } = connector();
    expect(events).toEqual(expectedEvents('connector'));
    expect(ignored).toHaveLength(FIXTURE_COUNTS.connector.ignored);
    expect(malformed).toEqual([
      'no user',
      'data must be an object',
      'no giftId',
      'likeCount must be a whole number',
      'no msgId',
    ]);
  });

  it('read the same scenario as TikFinity does, but for its single follow', () => {
    const strip = (events: AudienceEvent[]) =>
      events.map((e) => (e.type === 'gift' ? { ...e, pictureUrl: undefined } : e));
    const fromTikFinityFixture = strip(tikfinity().events);
    const followAt = fromTikFinityFixture.findIndex((e) => e.type === 'follow');
    fromTikFinityFixture.splice(followAt, 1);
    expect(strip(connector().events)).toEqual(fromTikFinityFixture);
  });
});

const user = {
  id: '7212345678901234567',
  nickname: 'Lena',
  displayId: 'lena.k_92',
};
const common = { msgId: '7441553147260085011', roomId: '7441553018236308279' };
const rose = {
  id: '5655',
  name: 'Rose',
  diamondCount: 1,
  type: 1,
  image: { urlList: ['https://x.test/rose.webp'] },
};
const lion = { id: '6369', name: 'Lion', diamondCount: 29999, type: 2 };

function event(result: NormalizeResult): AudienceEvent {
  if (result.kind !== 'event') throw new Error(`${result.kind}: ${result.reason}`);
  return result.event;
}

describe('gifts from the connector', () => {
  it('ignore a streak until repeatEnd, then count its final repeatCount once', () => {
    const step = (repeatCount: number, repeatEnd: number) =>
      fromConnector('gift', { common, user, giftId: '5655', gift: rose, repeatCount, repeatEnd });
    expect(step(1, 0)).toEqual({ kind: 'ignored', reason: 'gift streak still running' });
    expect(step(9, 0).kind).toBe('ignored');
    expect(event(step(9, 1))).toMatchObject({ type: 'gift', giftId: 5655, repeatCount: 9, diamondCount: 1 });
  });

  it('count a gift that is not streakable on every message, repeatEnd or not', () => {
    for (const repeatEnd of [0, 1]) {
      const result = fromConnector('gift', {
        common,
        user,
        giftId: '6369',
        gift: lion,
        repeatCount: 1,
        repeatEnd,
      });
      expect(event(result)).toMatchObject({ giftName: 'Lion', diamondCount: 29999, repeatCount: 1 });
    }
    // No repeatCount at all reads as one gift.
    expect(event(fromConnector('gift', { common, user, giftId: '6369', gift: lion }))).toMatchObject({
      repeatCount: 1,
    });
  });

  it('read the 2.0 shape too (user.uniqueId and userId, giftDetails, comment)', () => {
    const older = { uniqueId: 'lena.k_92', userId: '7212345678901234567', nickname: 'Lena' };
    const gift = fromConnector('gift', {
      common,
      user: older,
      giftId: 5655,
      repeatCount: 4,
      repeatEnd: true,
      giftDetails: {
        giftName: 'Rose',
        diamondCount: 1,
        giftType: 1,
        giftImage: { url: ['https://x.test/r.png'] },
      },
    });
    expect(event(gift)).toEqual({
      type: 'gift',
      msgId: common.msgId,
      viewerId: older.userId,
      uniqueId: older.uniqueId,
      nickname: 'Lena',
      giftId: 5655,
      giftName: 'Rose',
      diamondCount: 1,
      repeatCount: 4,
      pictureUrl: 'https://x.test/r.png',
    });
    expect(event(fromConnector('chat', { common, user: older, comment: 'deal' }))).toMatchObject({
      comment: 'deal',
      viewerId: older.userId,
    });
  });

  it('leave out a picture that is not an http(s) URL, and keep the gift', () => {
    const bad = { ...rose, type: 2, image: { urlList: ['javascript:alert(1)'] } };
    const result = event(fromConnector('gift', { common, user, giftId: '5655', gift: bad, repeatCount: 1 }));
    expect(result).not.toHaveProperty('pictureUrl');
  });
});

describe('names and ids', () => {
  it('keep a nickname as given, trimmed, cut at 64 without splitting an emoji', () => {
    const nickname = `  ${'a'.repeat(63)}😀tail  `;
    const result = event(fromConnector('member', { common, user: { ...user, nickname }, action: 1 }));
    expect(result.nickname).toBe('a'.repeat(63));
    const fits = event(fromConnector('member', { common, user: { ...user, nickname: ' 😀 ' } }));
    expect(fits.nickname).toBe('😀');
  });

  it('remove bidirectional controls from names, from either source, before trimming and cutting', () => {
    // An override (U+202E), an isolate left open (U+2067) and the marks U+200E, U+200F, U+061C.
    const hostile = `\u202e ${'b'.repeat(63)}\u2067\u200e\u200f\u061c😀 `;
    const fromConnectorUser = event(
      fromConnector('member', { common, user: { ...user, nickname: hostile, displayId: 'ev\u202ee' } }),
    );
    expect(fromConnectorUser).toMatchObject({ nickname: `${'b'.repeat(63)}`, uniqueId: 'eve' });
    const fromTikFinityUser = event(
      fromTikFinity({
        event: 'member',
        data: {
          msgId: '744',
          userId: '7212',
          uniqueId: '\u2066lena\u2069',
          nickname: '\u202bLena 🌸\u202c ',
        },
      }),
    );
    expect(fromTikFinityUser).toMatchObject({ nickname: 'Lena 🌸', uniqueId: 'lena' });
  });

  it('read numeric ids as text, and an empty or absent name as empty', () => {
    const result = fromTikFinity(
      JSON.stringify({
        event: 'member',
        data: { msgId: 7441553147260085, userId: 6812345098765432, uniqueId: 'x' },
      }),
    );
    expect(event(result)).toEqual({
      type: 'join',
      msgId: '7441553147260085',
      viewerId: '6812345098765432',
      uniqueId: 'x',
      nickname: '',
    });
  });

  it('read a TikFinity message whose user is nested, as relays of the 2.x shape send it', () => {
    const user = { userId: '7212345678901234567', uniqueId: 'lena.k_92', nickname: ' Lena 🌸 ' };
    const result = fromTikFinity({
      event: 'chat',
      data: { msgId: '7441553147260085011', user, comment: 'deal' },
    });
    expect(event(result)).toEqual({
      type: 'chat',
      msgId: '7441553147260085011',
      viewerId: user.userId,
      uniqueId: user.uniqueId,
      nickname: 'Lena 🌸',
      comment: 'deal',
    });
  });

  it('drop an id longer than the schema allows, never cut it', () => {
    const result = fromConnector('chat', { common: { msgId: '9'.repeat(65) }, user, content: 'deal' });
    expect(result).toEqual({ kind: 'malformed', reason: 'msgId is longer than 64 characters' });
  });

  it('cut a very long comment to the schema’s 500', () => {
    const result = event(fromConnector('chat', { common, user, content: 'x'.repeat(10_000) }));
    expect(result.type === 'chat' && result.comment.length).toBe(500);
  });
});

describe('social, member and other events', () => {
  it('tell a follow from a share by the display type, and ignore other social messages', () => {
    const social = (displayType: string) =>
      fromTikFinity({
        event: 'social',
        data: { msgId: '1', userId: '2', uniqueId: 'u', nickname: 'n', displayType },
      });
    expect(event(social('pm_main_follow_message_viewer_2')).type).toBe('follow');
    expect(event(social('pm_mt_guidance_share')).type).toBe('share');
    expect(social('pm_mt_guidance_viewer_10_subscribe').kind).toBe('ignored');
  });

  it('ignore events the game does not use, from either source', () => {
    expect(fromTikFinity('{"event":"streamEnd","data":{}}').kind).toBe('ignored');
    expect(fromConnector('roomUser', { common }).kind).toBe('ignored');
    expect(fromConnector('member', { common, user, action: 3 })).toEqual({
      kind: 'ignored',
      reason: 'member subscribed',
    });
    expect(fromConnector('chat', { common, user, content: '   ' })).toEqual({
      kind: 'ignored',
      reason: 'empty comment',
    });
  });
});

describe('whatever comes in', () => {
  const hostile = {
    get event() {
      throw new Error('boom');
    },
  };
  const cases: unknown[] = [
    null,
    undefined,
    0,
    'chat',
    '',
    '[]',
    '{"event":"chat"}',
    '{"event":"chat","data":"deal"}',
    '['.repeat(100_000),
    'x'.repeat(5_000_000),
    Buffer.from('{"event":"chat","data":{}}'),
    hostile,
    { event: 'chat', data: { msgId: {}, userId: [], comment: 5 } },
    { event: 'gift', data: { msgId: '1', userId: '2', giftId: 1, repeatCount: 1e308 } },
    { event: 'like', data: { msgId: '1', userId: '2', likeCount: Number.NaN } },
  ];

  it('answers malformed or ignored, never throwing', () => {
    for (const input of cases) {
      expect(() => fromTikFinity(input)).not.toThrow();
      expect(fromTikFinity(input).kind).not.toBe('event');
      expect(() => fromConnector('gift', input)).not.toThrow();
      expect(fromConnector('gift', input).kind).not.toBe('event');
    }
    expect(fromTikFinity(hostile)).toEqual({ kind: 'malformed', reason: 'unreadable message' });
    expect(fromTikFinity('x'.repeat(5_000_000))).toEqual({ kind: 'malformed', reason: 'message too long' });
  });

  it('every answer for any JSON is one of the three, and every event passes the schema', () => {
    const names = ['chat', 'gift', 'like', 'member', 'social', 'follow', 'share', 'roomUser'];
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.jsonValue(), fc.jsonValue(), (name, data, user) => {
        for (const result of [
          fromTikFinity({ event: name, data }),
          fromTikFinity(JSON.stringify({ event: name, data })),
          fromConnector(name, data),
          fromConnector(name, { common, user, data }),
        ]) {
          expect(['event', 'ignored', 'malformed']).toContain(result.kind);
          if (result.kind === 'event') expect(audienceEventSchema.safeParse(result.event).success).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
