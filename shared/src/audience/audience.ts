import { z } from 'zod';
import { CASE_COUNT } from '../constants.js';

/**
 * The audience of a live stream (issue 20): one normalized event, whatever the source (TikFinity's WebSocket,
 * tiktok-live-connector inside the API, the control deck's simulator). Every event carries its message id
 * (`msgId`), by which it is de-duplicated.
 */
const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .max(max, { error: `${field} must be at most ${max} characters` });

/**
 * Unicode's bidirectional controls (its Bidi_Control property: U+061C, U+200E, U+200F, U+202A to U+202E, U+2066
 * to U+2069): invisible, and an override or an isolate left open turns the rest of a line around on the stage.
 * A viewer's name loses them before it is stored (decision 0049).
 */
const BIDI_CONTROLS = /\p{Bidi_Control}/gu;
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** What a viewer is named by, shown on the stage and the deck: without bidirectional controls. */
const viewerName = (field: string) => text(field, 64).overwrite(withoutBidiControls);
const viewer = {
  msgId: text('msgId', 64).min(1, { error: 'msgId must not be empty' }),
  viewerId: text('viewerId', 64).min(1, { error: 'viewerId must not be empty' }),
  uniqueId: viewerName('uniqueId'),
  nickname: viewerName('nickname'),
};
const count = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int({ error: `${field} must be a whole number` })
    .min(0, { error: `${field} cannot be negative` })
    .max(max, { error: `${field} must be at most ${max}` });

export const audienceEventSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('chat'), ...viewer, comment: text('comment', 500) }),
    z.strictObject({
      type: z.literal('gift'),
      ...viewer,
      giftId: count('giftId', 2 ** 31),
      giftName: text('giftName', 64),
      /** Diamonds of one gift (a streak counts repeatCount of them). */
      diamondCount: count('diamondCount', 1_000_000),
      repeatCount: count('repeatCount', 100_000).min(1, { error: 'repeatCount must be at least 1' }),
      /** The gift's picture as TikTok serves it, when the source gives one. */
      pictureUrl: z.url({ error: 'pictureUrl must be a URL' }).max(500).optional(),
    }),
    z.strictObject({ type: z.literal('like'), ...viewer, likeCount: count('likeCount', 100_000) }),
    z.strictObject({ type: z.literal('follow'), ...viewer }),
    z.strictObject({ type: z.literal('share'), ...viewer }),
    z.strictObject({ type: z.literal('join'), ...viewer }),
  ],
  { error: 'type must be one of chat, gift, like, follow, share, join' },
);
export type AudienceEvent = z.infer<typeof audienceEventSchema>;
export type AudienceEventType = AudienceEvent['type'];

/** What the audience does in a game, chosen on the deck. */
export const AUDIENCE_MODES = ['off', 'vote', 'call'] as const;
export type AudienceMode = (typeof AUDIENCE_MODES)[number];
export const AUDIENCE_WINDOW_SECONDS = { min: 3, max: 120, default: 30 } as const;

/** PUT /api/audience/settings */
export const audienceSettingsSchema = z.strictObject(
  {
    mode: z.enum(AUDIENCE_MODES, { error: `mode must be one of ${AUDIENCE_MODES.join(', ')}` }),
    windowSeconds: z
      .number({ error: 'windowSeconds must be a number' })
      .int({ error: 'windowSeconds must be a whole number' })
      .min(AUDIENCE_WINDOW_SECONDS.min, {
        error: `windowSeconds must be at least ${AUDIENCE_WINDOW_SECONDS.min}`,
      })
      .max(AUDIENCE_WINDOW_SECONDS.max, {
        error: `windowSeconds must be at most ${AUDIENCE_WINDOW_SECONDS.max}`,
      }),
  },
  { error: 'the settings hold only mode and windowSeconds' },
);
export type AudienceSettings = z.infer<typeof audienceSettingsSchema>;

/** A streamer's audience settings before they save any. */
export const DEFAULT_AUDIENCE_SETTINGS: AudienceSettings = {
  mode: 'off',
  windowSeconds: AUDIENCE_WINDOW_SECONDS.default,
};

/** The live game's public state gains `audience`: the window open now, and what the chat said in it. */
export const audienceStateSchema = z.object({
  mode: z.enum(AUDIENCE_MODES),
  open: z.boolean(),
  /** When the open window ends (ISO 8601), or null. */
  endsAt: z.string().nullable(),
  votes: z.object({ deal: z.number().int().min(0), noDeal: z.number().int().min(0) }),
  /** Calls per unopened case number ("7": 12). */
  calls: z.record(z.string(), z.number().int().min(0)),
});
export type AudienceState = z.infer<typeof audienceStateSchema>;

/** A chat line as a vote: `deal`, `no deal` (also `!deal`, `!nodeal`), or nothing. */
export function voteIn(comment: string): 'deal' | 'noDeal' | null {
  const said = comment.trim().toLowerCase().replace(/\s+/g, ' ');
  if (said === 'deal' || said === '!deal') return 'deal';
  if (said === 'no deal' || said === 'nodeal' || said === '!nodeal' || said === '!no deal') return 'noDeal';
  return null;
}

/** A chat line as a case call: `7` or `!open 7`, a case from 1 to 26, or nothing. */
export function caseCallIn(comment: string): number | null {
  const m = /^\s*(?:!open\s+)?#?(\d{1,2})\s*$/i.exec(comment);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= CASE_COUNT ? n : null;
}

/** GET and PUT /api/audience/blocklist: words that hide a viewer's name (shown as 'viewer'). */
export const AUDIENCE_BLOCKLIST_LIMITS = { words: 200, wordLength: 40 } as const;
export const audienceBlocklistSchema = z.strictObject(
  {
    words: z
      .array(
        z
          .string({ error: 'each word must be text' })
          .trim()
          .min(1, { error: 'a word must not be empty' })
          .max(AUDIENCE_BLOCKLIST_LIMITS.wordLength, {
            error: `a word must be at most ${AUDIENCE_BLOCKLIST_LIMITS.wordLength} characters`,
          }),
        { error: 'words must be a list of words' },
      )
      .max(AUDIENCE_BLOCKLIST_LIMITS.words, {
        error: `words must hold at most ${AUDIENCE_BLOCKLIST_LIMITS.words} words`,
      }),
  },
  { error: 'the blocklist holds only words' },
);
export type AudienceBlocklist = z.infer<typeof audienceBlocklistSchema>;

/** How a viewer is named where the audience shows: 'viewer' for an empty name or one holding a blocked word. */
export const HIDDEN_VIEWER_NAME = 'viewer';
export function shownViewerName(nickname: string, blockedWords: readonly string[]): string {
  // Rows stored before names lost their bidirectional controls lose them here.
  const name = withoutBidiControls(nickname).trim();
  if (!name) return HIDDEN_VIEWER_NAME;
  const lower = name.toLowerCase();
  return blockedWords.some((word) => lower.includes(word.toLowerCase())) ? HIDDEN_VIEWER_NAME : name;
}

/** GET /api/audience/leaderboard: the top 10 voters and gifters of the game on the stage and of the stream. */
export const AUDIENCE_LEADERBOARD_SIZE = 10;
const voterRowSchema = z.object({ viewerName: z.string(), votes: z.number().int().min(0) });
const gifterRowSchema = z.object({ viewerName: z.string(), diamonds: z.number().int().min(0) });
const boardSchema = z.object({ voters: z.array(voterRowSchema), gifters: z.array(gifterRowSchema) });
export const audienceLeaderboardSchema = z.object({ game: boardSchema, stream: boardSchema });
export type AudienceLeaderboard = z.infer<typeof audienceLeaderboardSchema>;

/** A stage's `gift` push: a gift received, with the viewer's name as shown. */
export const audienceGiftSchema = z.object({
  viewerName: z.string(),
  giftId: z.number().int(),
  giftName: z.string(),
  diamondCount: z.number().int().min(0),
  repeatCount: z.number().int().min(1),
  pictureUrl: z.string().optional(),
});
export type AudienceGift = z.infer<typeof audienceGiftSchema>;

/** A stage's `audience` push: the audience state of the game shown, as it changes (at most every 20 ms per streamer). */
export interface AudiencePush {
  gameId: string;
  audience: AudienceState;
}

/**
 * GET and PUT /api/audience/gift-rules: what a gift does in a window, per gift name (as TikTok names it,
 * case-insensitive), chosen on the deck. `deal` and `noDeal` count the gift as votes weighted by its diamonds
 * (diamondCount x repeatCount, at least 1); `call` backs the case its viewer called in the window with that weight
 * (held until they call one). A gift with no rule only shows and scores.
 */
export const AUDIENCE_GIFT_EFFECTS = ['deal', 'noDeal', 'call'] as const;
export type AudienceGiftEffect = (typeof AUDIENCE_GIFT_EFFECTS)[number];
export const AUDIENCE_GIFT_RULES_LIMIT = 20;
export const audienceGiftRuleSchema = z.strictObject(
  {
    giftName: text('giftName', 64).trim().min(1, { error: 'giftName must not be empty' }),
    effect: z.enum(AUDIENCE_GIFT_EFFECTS, {
      error: `effect must be one of ${AUDIENCE_GIFT_EFFECTS.join(', ')}`,
    }),
  },
  { error: 'a gift rule holds only giftName and effect' },
);
export type AudienceGiftRule = z.infer<typeof audienceGiftRuleSchema>;
export const audienceGiftRulesSchema = z.strictObject(
  {
    rules: z
      .array(audienceGiftRuleSchema, { error: 'rules must be a list of gift rules' })
      .max(AUDIENCE_GIFT_RULES_LIMIT, {
        error: `rules must hold at most ${AUDIENCE_GIFT_RULES_LIMIT} gift rules`,
      })
      .refine((rules) => new Set(rules.map((r) => r.giftName.toLowerCase())).size === rules.length, {
        error: 'rules must name each gift once',
      }),
  },
  { error: 'the gift rules hold only rules' },
);
export type AudienceGiftRules = z.infer<typeof audienceGiftRulesSchema>;

/** The rule of a gift, by its name (case-insensitive), or null. */
export function giftRuleFor(rules: readonly AudienceGiftRule[], giftName: string): AudienceGiftRule | null {
  const name = giftName.trim().toLowerCase();
  return rules.find((rule) => rule.giftName.toLowerCase() === name) ?? null;
}

/** A gift's weight as votes or calls: its diamonds over the streak, at least 1 (a free gift still counts). */
export const giftWeight = (gift: { diamondCount: number; repeatCount: number }): number =>
  Math.max(1, gift.diamondCount * gift.repeatCount);

/**
 * A stage's `social` push: a like, follow or share of the stream, its viewer named as the stage shows them, with
 * the stream's likes so far (in this server's run). Likes are pushed at most every AUDIENCE_LIKES_PUSH_MS, added up.
 */
export const AUDIENCE_LIKES_PUSH_MS = 500;
export const audienceSocialSchema = z.object({
  kind: z.enum(['like', 'follow', 'share']),
  viewerName: z.string(),
  /** Likes in this push (1 for a follow or share). */
  count: z.number().int().min(0),
  likes: z.number().int().min(0),
});
export type AudienceSocial = z.infer<typeof audienceSocialSchema>;

/** TikFinity's WebSocket on the streamer's computer, unless they give another. */
export const AUDIENCE_TIKFINITY_DEFAULT_URL = 'ws://localhost:21213';
export const AUDIENCE_SOURCE_LIMITS = { urlLength: 200, usernameMin: 2, usernameMax: 24 } as const;

/** A TikTok username: letters, digits, `_` and `.`; an optional leading `@` is dropped; '' while none is given. */
const tiktokUsernameSchema = z
  .string({ error: 'tiktok.username must be text' })
  .trim()
  .overwrite((name) => name.replace(/^@/, ''))
  .refine((name) => name === '' || name.length >= AUDIENCE_SOURCE_LIMITS.usernameMin, {
    error: `tiktok.username must be at least ${AUDIENCE_SOURCE_LIMITS.usernameMin} characters`,
  })
  .refine((name) => name.length <= AUDIENCE_SOURCE_LIMITS.usernameMax, {
    error: `tiktok.username must be at most ${AUDIENCE_SOURCE_LIMITS.usernameMax} characters`,
  })
  .refine((name) => /^[A-Za-z0-9_.]*$/.test(name), {
    error: 'tiktok.username may hold only letters, digits, _ and .',
  });

/** ws:// or wss://, a host name or an address (IPv6 in brackets), a port, then a path without spaces. */
const WS_URL =
  /^wss?:\/\/(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** GET and PUT /api/audience/sources: which of the stream's event sources run, and where they connect. */
export const audienceSourceSettingsSchema = z
  .strictObject(
    {
      tikfinity: z.strictObject(
        {
          enabled: z.boolean({ error: 'tikfinity.enabled must be true or false' }),
          url: z
            .string({ error: 'tikfinity.url must be text' })
            .trim()
            .max(AUDIENCE_SOURCE_LIMITS.urlLength, {
              error: `tikfinity.url must be at most ${AUDIENCE_SOURCE_LIMITS.urlLength} characters`,
            })
            .refine((url) => WS_URL.test(url), {
              error: 'tikfinity.url must be a ws:// or wss:// URL',
            }),
        },
        { error: 'tikfinity holds only enabled and url' },
      ),
      tiktok: z.strictObject(
        {
          enabled: z.boolean({ error: 'tiktok.enabled must be true or false' }),
          /** May be empty while the source is off. */
          username: tiktokUsernameSchema,
        },
        { error: 'tiktok holds only enabled and username' },
      ),
    },
    { error: 'the sources hold only tikfinity and tiktok' },
  )
  .refine((settings) => !settings.tiktok.enabled || settings.tiktok.username !== '', {
    error: 'tiktok.username is needed to turn TikTok LIVE on',
    path: ['tiktok', 'username'],
  });
export type AudienceSourceSettings = z.infer<typeof audienceSourceSettingsSchema>;

export const DEFAULT_AUDIENCE_SOURCE_SETTINGS: AudienceSourceSettings = {
  tikfinity: { enabled: false, url: AUDIENCE_TIKFINITY_DEFAULT_URL },
  tiktok: { enabled: false, username: '' },
};

/** A source's connection (as the API's sources report it). */
export const audienceSourceStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('connecting'), attempt: z.number().int() }),
  z.object({ status: z.literal('connected'), since: z.number() }),
  z.object({
    status: z.literal('reconnecting'),
    attempt: z.number().int(),
    /** Epoch milliseconds. */
    nextAttemptAt: z.number(),
    lastError: z.string(),
  }),
  z.object({ status: z.literal('stopped') }),
]);
export type AudienceSourceState = z.infer<typeof audienceSourceStateSchema>;

const sourceCountersSchema = z.object({
  received: z.number().int().min(0),
  ignored: z.number().int().min(0),
  malformed: z.number().int().min(0),
});

/** GET and PUT /api/audience/sources answer: the settings, each source's state (null: not running here), counts. */
export const audienceSourcesSchema = z.object({
  settings: audienceSourceSettingsSchema,
  state: z.object({
    tikfinity: audienceSourceStateSchema.nullable(),
    tiktok: audienceSourceStateSchema.nullable(),
  }),
  counters: z.object({ tikfinity: sourceCountersSchema, tiktok: sourceCountersSchema }),
});
export type AudienceSources = z.infer<typeof audienceSourcesSchema>;
