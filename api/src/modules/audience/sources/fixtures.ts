import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AudienceEvent } from '@dond/shared';

/**
 * The recorded fixtures (../fixtures/*.jsonl) and what they normalize to, for the tests and the simulator. Both
 * recordings are one scenario: votes and case calls in the chat, a Rose streak of three, a Galaxy, likes, a follow, a
 * share, a join, a chat sent twice, and a few broken messages.
 */
export function fixtureLines(name: 'tikfinity' | 'connector'): string[] {
  const path = fileURLToPath(new URL(`../fixtures/${name}.jsonl`, import.meta.url));
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
}

const viewers = {
  lena: { viewerId: '7212345678901234567', uniqueId: 'lena.k_92', nickname: 'Lena 🌸' },
  jo: { viewerId: '6998765432109876543', uniqueId: 'dealmaker_jo', nickname: 'Jo✨ DEAL OR NOTHING' },
  ngoc: { viewerId: '7301122334455667788', uniqueId: 'm.ngoc', nickname: 'Minh Ngọc 🇻🇳' },
  ayse: { viewerId: '7088990011223344556', uniqueId: 'ayse.yilmaz', nickname: 'Ayşe Yılmaz 💫' },
  kenji: { viewerId: '7155443322110099887', uniqueId: 'kenji_plays', nickname: '健二 🎮' },
  big: { viewerId: '6812345098765432101', uniqueId: 'bigtipper', nickname: '💎 Big Tipper 💎' },
  maria: { viewerId: '7009988776655443322', uniqueId: 'maria.fdz', nickname: 'ℳ𝒶𝓇𝒾𝒶' },
} as const;

const picture = (extension: 'png' | 'webp', id: string) =>
  `https://p19-webcast.tiktokcdn.com/img/maliva/webcast-va/${id}~tplv-obj.${extension}`;

/** The events a fixture normalizes to, in order (TikFinity's pictures are .png, the connector's .webp). */
export function expectedEvents(name: 'tikfinity' | 'connector'): AudienceEvent[] {
  const ext = name === 'tikfinity' ? 'png' : 'webp';
  const follow: AudienceEvent = { type: 'follow', msgId: '7441553172338729746', ...viewers.ngoc };
  return [
    { type: 'chat', msgId: '7441553147260085011', ...viewers.lena, comment: 'deal' },
    { type: 'chat', msgId: '7441553149913220882', ...viewers.jo, comment: 'no deal' },
    { type: 'chat', msgId: '7441553152405735186', ...viewers.ngoc, comment: '!nodeal' },
    { type: 'join', msgId: '7441553153884310279', ...viewers.maria },
    { type: 'chat', msgId: '7441553156028893972', ...viewers.ayse, comment: '7' },
    { type: 'chat', msgId: '7441553158770117377', ...viewers.kenji, comment: '!open 12' },
    {
      type: 'gift',
      msgId: '7441553166834502417',
      ...viewers.big,
      giftId: 5655,
      giftName: 'Rose',
      diamondCount: 1,
      repeatCount: 3,
      pictureUrl: picture(ext, 'eba3a9bb85c33e017f3648eaf88d7189'),
    },
    { type: 'like', msgId: '7441553168472378129', ...viewers.lena, likeCount: 15 },
    {
      type: 'gift',
      msgId: '7441553170911617810',
      ...viewers.maria,
      giftId: 11046,
      giftName: 'Galaxy',
      diamondCount: 1000,
      repeatCount: 1,
      pictureUrl: picture(ext, 'resource/79a02148079526539f7599150da9fd28.png'),
    },
    // TikFinity (after tiktok-live-connector 1.x) sends a follow as social and again as follow, with one msgId.
    ...(name === 'tikfinity' ? [follow, follow] : [follow]),
    { type: 'share', msgId: '7441553174482149650', ...viewers.kenji },
    { type: 'like', msgId: '7441553175930466834', ...viewers.jo, likeCount: 3 },
    { type: 'chat', msgId: '7441553149913220882', ...viewers.jo, comment: 'no deal' },
    { type: 'chat', msgId: '7441553179048534290', ...viewers.maria, comment: 'NO DEAL 😱' },
  ];
}

/** How many lines of each fixture are ignored and malformed. */
export const FIXTURE_COUNTS = {
  // roomUser, the Rose streak's three running messages, an emote
  tikfinity: { ignored: 5, malformed: 7 },
  // roomUser, the three running Roses, a social that is neither follow nor share, an emote
  connector: { ignored: 6, malformed: 5 },
} as const;
