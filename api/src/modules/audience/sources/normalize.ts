import { audienceEventSchema, withoutBidiControls, type AudienceEvent } from '@dond/shared';
import type {
  CommonMessageData,
  Gift,
  ImageModel,
  User,
  WebcastChatMessage,
  WebcastEvent,
  WebcastGiftMessage,
  WebcastLikeMessage,
  WebcastMemberMessage,
  WebcastSocialMessage,
} from 'tiktok-live-connector';

/**
 * Raw live-stream messages to the audience's normalized event (issue 20). Pure, and total: whatever comes in
 * (null, text, wrong types, huge strings, a hostile getter), the answer is one of three results and nothing is
 * thrown. De-duplication by `msgId` is the engine's; a streak's intermediate messages are ignored here.
 */
export type NormalizeResult =
  | { kind: 'event'; event: AudienceEvent }
  | { kind: 'ignored'; reason: string }
  | { kind: 'malformed'; reason: string };

/** The schema's caps, which names and texts are cut to (ids longer than this are malformed, never cut). */
const NAME_MAX = 64;
const COMMENT_MAX = 500;
const ID_MAX = 64;
const URL_MAX = 500;
/** A TikFinity message longer than this is not parsed at all (real ones are a few kilobytes). */
export const TIKFINITY_MAX_MESSAGE_CHARS = 128 * 1024;
/** giftType of a gift sent in streaks (the Rose): it counts once, when its streak ends. */
const STREAKABLE_GIFT_TYPE = 1;

class Malformed extends Error {}

/** The fields of T, each of any value: what a raw message may hold where the library's type names a field. */
type Loose<T> = { readonly [K in keyof T]?: unknown };

function loose<T>(value: unknown): Loose<T> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Loose<T>)
    : undefined;
}

/** Cut text to at most max UTF-16 units without splitting a surrogate pair (an emoji stays whole or goes). */
function cap(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

/**
 * A display name as given, without bidirectional controls, trimmed and capped; anything but text reads as no
 * name ('').
 */
function name(value: unknown): string {
  return typeof value === 'string' ? cap(withoutBidiControls(value).trim(), NAME_MAX) : '';
}

/**
 * An id as text: a non-empty string, or a whole number (JSON ids), or a bigint. '' and '0' (protobuf's default
 * for an absent int64) read as absent.
 */
function idText(value: unknown): string | undefined {
  let text: string | undefined;
  if (typeof value === 'string') text = value.trim();
  else if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) text = String(value);
  else if (typeof value === 'bigint' && value >= 0n) text = value.toString();
  if (text === undefined || text === '' || text === '0') return undefined;
  return text;
}

function requiredId(value: unknown, field: string): string {
  const text = idText(value);
  if (text === undefined) throw new Malformed(`no ${field}`);
  if (text.length > ID_MAX) throw new Malformed(`${field} is longer than ${ID_MAX} characters`);
  return text;
}

function optionalId(value: unknown, field: string): string {
  const text = idText(value) ?? '';
  if (text.length > ID_MAX) throw new Malformed(`${field} is longer than ${ID_MAX} characters`);
  return text;
}

/** A whole number from a number or a string of digits (protobuf int64 fields arrive as strings). */
function whole(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^-?\d{1,16}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

function flag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

function pictureUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > URL_MAX) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? value : undefined;
  } catch {
    return undefined;
  }
}

interface Viewer {
  msgId: string;
  viewerId: string;
  uniqueId: string;
  nickname: string;
}

/** The result for a candidate event: an event when the shared schema accepts it, malformed when not. */
function checked(candidate: Record<string, unknown>): NormalizeResult {
  const parsed = audienceEventSchema.safeParse(candidate);
  if (parsed.success) return { kind: 'event', event: parsed.data };
  const issue = parsed.error.issues[0];
  return { kind: 'malformed', reason: cap(issue?.message ?? 'not an audience event', 200) };
}

function total(run: () => NormalizeResult): NormalizeResult {
  try {
    return run();
  } catch (err) {
    if (err instanceof Malformed) return { kind: 'malformed', reason: err.message };
    return { kind: 'malformed', reason: 'unreadable message' };
  }
}

interface GiftFacts {
  giftId: unknown;
  giftName: unknown;
  diamondCount: unknown;
  giftType: unknown;
  repeatCount: unknown;
  repeatEnd: unknown;
  pictureUrl: unknown;
}

/** A gift: a streak (giftType 1) counts once, at its end, with the final repeatCount; other gifts each time. */
function gift(viewer: Viewer, facts: GiftFacts): NormalizeResult {
  const giftId = whole(facts.giftId);
  if (giftId === undefined) throw new Malformed('no giftId');
  const giftType = whole(facts.giftType);
  const streakable = giftType === STREAKABLE_GIFT_TYPE;
  if (streakable && !flag(facts.repeatEnd)) return { kind: 'ignored', reason: 'gift streak still running' };
  const repeat = facts.repeatCount === undefined ? 1 : whole(facts.repeatCount);
  if (repeat === undefined || repeat < 0) throw new Malformed('repeatCount must be a whole number');
  const diamondCount = facts.diamondCount === undefined ? 0 : whole(facts.diamondCount);
  if (diamondCount === undefined) throw new Malformed('diamondCount must be a whole number');
  const picture = pictureUrl(facts.pictureUrl);
  return checked({
    type: 'gift',
    ...viewer,
    giftId,
    giftName: name(facts.giftName),
    diamondCount,
    // A message of a gift always means at least one of it (some sources send 0 for a single gift).
    repeatCount: Math.max(1, repeat),
    ...(picture === undefined ? {} : { pictureUrl: picture }),
  });
}

function chat(viewer: Viewer, comment: unknown): NormalizeResult {
  if (typeof comment !== 'string') throw new Malformed('comment must be text');
  if (comment.trim() === '') return { kind: 'ignored', reason: 'empty comment' };
  return checked({ type: 'chat', ...viewer, comment: cap(comment, COMMENT_MAX) });
}

function like(viewer: Viewer, count: unknown): NormalizeResult {
  const likeCount = whole(count);
  if (likeCount === undefined) throw new Malformed('likeCount must be a whole number');
  return checked({ type: 'like', ...viewer, likeCount });
}

/** follow or share from a social message's display type (e.g. pm_main_follow_message_viewer_2, pm_mt_guidance_share). */
function social(viewer: Viewer, displayType: unknown): NormalizeResult {
  const key = typeof displayType === 'string' ? displayType.toLowerCase() : '';
  if (key.includes('follow')) return checked({ type: 'follow', ...viewer });
  if (key.includes('share')) return checked({ type: 'share', ...viewer });
  return { kind: 'ignored', reason: 'social message that is neither a follow nor a share' };
}

// ---------------------------------------------------------------------------------------------------------------
// TikFinity

/**
 * TikFinity's local WebSocket sends `{ event, data }`, data in tiktok-live-connector's flat ("simplified") shape:
 * the user's fields, the message's common fields and a gift's details all at the top level.
 */
export interface TikFinityData {
  msgId: string;
  userId: string;
  uniqueId: string;
  nickname: string;
  comment: string;
  giftId: number;
  giftName: string;
  diamondCount: number;
  repeatCount: number;
  repeatEnd: boolean;
  giftType: number;
  giftPictureUrl: string;
  likeCount: number;
  displayType: string;
  /** Relays that forward the 2.x shape nest the user; read as a fallback. */
  user: { userId: string; uniqueId: string; nickname: string };
}

export const TIKFINITY_EVENTS = ['chat', 'gift', 'like', 'member', 'social', 'follow', 'share'] as const;
export type TikFinityEventName = (typeof TIKFINITY_EVENTS)[number];

function isTikFinityEvent(name: string): name is TikFinityEventName {
  return (TIKFINITY_EVENTS as readonly string[]).includes(name);
}

function textOf(message: unknown): string | undefined {
  if (typeof message === 'string') return message;
  if (Buffer.isBuffer(message)) {
    return message.length > TIKFINITY_MAX_MESSAGE_CHARS * 4 ? undefined : message.toString('utf8');
  }
  return undefined;
}

/** One message from TikFinity's WebSocket: JSON text (or a Buffer of it), or an already parsed object. */
export function fromTikFinity(message: unknown): NormalizeResult {
  return total(() => {
    let parsed: unknown = message;
    const text = textOf(message);
    if (text !== undefined) {
      if (text.length > TIKFINITY_MAX_MESSAGE_CHARS) throw new Malformed('message too long');
      try {
        parsed = JSON.parse(text) as unknown;
      } catch {
        throw new Malformed('not JSON');
      }
    }
    const envelope = loose<{ event: string; data: unknown }>(parsed);
    if (!envelope) throw new Malformed('not an { event, data } object');
    const event = envelope.event;
    if (typeof event !== 'string') throw new Malformed('event must be text');
    if (!isTikFinityEvent(event)) return { kind: 'ignored', reason: `event ${cap(event, 40)} is not used` };
    const data = loose<TikFinityData>(envelope.data);
    if (!data) throw new Malformed('data must be an object');
    const nested = loose<TikFinityData['user']>(data.user);
    const viewer: Viewer = {
      msgId: requiredId(data.msgId, 'msgId'),
      viewerId: requiredId(idText(data.userId) ?? nested?.userId, 'userId'),
      uniqueId: optionalId(idText(data.uniqueId) ?? nested?.uniqueId, 'uniqueId'),
      nickname: name(data.nickname ?? nested?.nickname),
    };
    switch (event) {
      case 'chat':
        return chat(viewer, data.comment);
      case 'gift':
        return gift(viewer, {
          giftId: data.giftId,
          giftName: data.giftName,
          diamondCount: data.diamondCount,
          giftType: data.giftType,
          repeatCount: data.repeatCount,
          repeatEnd: data.repeatEnd,
          pictureUrl: data.giftPictureUrl,
        });
      case 'like':
        return like(viewer, data.likeCount);
      case 'member':
        return checked({ type: 'join', ...viewer });
      case 'social':
        return social(viewer, data.displayType);
      case 'follow':
        return checked({ type: 'follow', ...viewer });
      case 'share':
        return checked({ type: 'share', ...viewer });
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// tiktok-live-connector 2.x

/** The connector's events this adapter maps (names checked against the library's WebcastEvent). */
export const CONNECTOR_EVENTS = [
  'chat',
  'gift',
  'like',
  'member',
  'social',
  'follow',
  'share',
] as const satisfies readonly `${WebcastEvent}`[];
export type ConnectorEventName = (typeof CONNECTOR_EVENTS)[number];

/** The data each mapped event carries in tiktok-live-connector 2.x (its ClientEventMap). */
export interface ConnectorEventData {
  chat: WebcastChatMessage;
  gift: WebcastGiftMessage;
  like: WebcastLikeMessage;
  member: WebcastMemberMessage;
  social: WebcastSocialMessage;
  follow: WebcastSocialMessage;
  share: WebcastSocialMessage;
}

function isConnectorEvent(name: string): name is ConnectorEventName {
  return (CONNECTOR_EVENTS as readonly string[]).includes(name);
}

/**
 * The 2.0 releases (and the README's examples) named some fields differently from the typed 2.5 messages: the
 * user's `uniqueId`/`userId` for `displayId`/`id`, a chat's `comment` for `content`, a gift's `giftDetails`
 * (`giftName`, `diamondCount`, `giftType`, `giftImage.url`) for `gift` (`name`, `diamondCount`, `type`,
 * `image.urlList`). Read as a fallback, so a recording from either reads the same.
 */
interface OlderUser {
  uniqueId: string;
  userId: string;
}
interface OlderGiftDetails {
  giftName: string;
  diamondCount: number;
  giftType: number;
  giftImage: { url: string[] };
}

type DisplayText = NonNullable<CommonMessageData['displayText']>;

const MEMBER_ACTION_SUBSCRIBED = 3; // MemberMessageAction.MEMBER_MESSAGE_ACTION_SUBSCRIBED

function firstUrl(image: unknown): unknown {
  const urls = loose<ImageModel>(image)?.urlList;
  return Array.isArray(urls) ? (urls as unknown[])[0] : undefined;
}

function connectorViewer(data: Loose<WebcastChatMessage>): Viewer {
  const common = loose<CommonMessageData>(data.common);
  const user = loose<User>(data.user);
  const older = loose<OlderUser>(data.user);
  if (!user) throw new Malformed('no user');
  return {
    msgId: requiredId(common?.msgId, 'msgId'),
    viewerId: requiredId(idText(user.id) ?? idText(user.idStr) ?? older?.userId, 'user id'),
    uniqueId: optionalId(idText(user.displayId) ?? older?.uniqueId, 'uniqueId'),
    nickname: name(user.nickname),
  };
}

/** One event of tiktok-live-connector 2.x's TikTokLiveConnection, by its name and data. */
export function fromConnector(eventName: string, data: unknown): NormalizeResult {
  return total(() => {
    if (typeof eventName !== 'string') throw new Malformed('event name must be text');
    if (!isConnectorEvent(eventName))
      return { kind: 'ignored', reason: `event ${cap(eventName, 40)} is not used` };
    const message = loose<WebcastChatMessage>(data);
    if (!message) throw new Malformed('data must be an object');
    const viewer = connectorViewer(message);
    switch (eventName) {
      case 'chat': {
        const chatMessage = message as Loose<WebcastChatMessage & { comment: string }>;
        return chat(viewer, chatMessage.content ?? chatMessage.comment);
      }
      case 'gift': {
        const g = message as Loose<WebcastGiftMessage & { extendedGiftInfo: unknown; giftDetails: unknown }>;
        const details = loose<Gift>(g.gift) ?? {};
        const older = loose<OlderGiftDetails>(g.giftDetails) ?? {};
        const extended =
          loose<{ name: string; diamond_count: number; type: number }>(g.extendedGiftInfo) ?? {};
        return gift(viewer, {
          giftId: idText(g.giftId) ?? details.id,
          giftName: nonEmpty(details.name) ?? older.giftName ?? extended.name,
          diamondCount: details.diamondCount ?? older.diamondCount ?? extended.diamond_count,
          giftType: details.type ?? older.giftType ?? extended.type,
          repeatCount: g.repeatCount,
          repeatEnd: g.repeatEnd,
          pictureUrl: firstUrl(details.image) ?? firstUrl(details.icon) ?? olderUrl(older.giftImage),
        });
      }
      case 'like':
        return like(viewer, (message as Loose<WebcastLikeMessage>).count);
      case 'member': {
        const action = whole((message as Loose<WebcastMemberMessage>).action);
        if (action === MEMBER_ACTION_SUBSCRIBED) return { kind: 'ignored', reason: 'member subscribed' };
        return checked({ type: 'join', ...viewer });
      }
      case 'social': {
        const common = loose<CommonMessageData>(message.common);
        return social(viewer, loose<DisplayText>(common?.displayText)?.key);
      }
      case 'follow':
        return checked({ type: 'follow', ...viewer });
      case 'share':
        return checked({ type: 'share', ...viewer });
    }
  });
}

function nonEmpty(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

function olderUrl(image: unknown): unknown {
  const urls = loose<{ url: string[] }>(image)?.url;
  return Array.isArray(urls) ? (urls as unknown[])[0] : undefined;
}
