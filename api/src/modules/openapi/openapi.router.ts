import fs from 'node:fs';
import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  zodToOpenAPIRegistry,
  type ResponseConfig,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import {
  adminUserSchema,
  audienceBlocklistSchema,
  audienceEventSchema,
  audienceGiftRulesSchema,
  audienceLeaderboardSchema,
  audienceSettingsSchema,
  audienceSourceSettingsSchema,
  audienceSourcesSchema,
  audienceStateSchema,
  clearGamesResponseSchema,
  currentUserSchema,
  customGiftSetRequestSchema,
  customGiftSetResponseSchema,
  dailyGamesQuerySchema,
  dailyGamesResponseSchema,
  disableUserRequestSchema,
  errorResponseSchema,
  extendExpiryRequestSchema,
  forgotPasswordRequestSchema,
  gameRecordSchema,
  gamesListResponseSchema,
  gameStatsSchema,
  healthResponseSchema,
  idSchema,
  listQuerySchema,
  liveActionRequestSchema,
  liveGameIdSchema,
  liveActionAnswerSchema,
  liveGamePublicSchema,
  liveGameVerifySchema,
  loginRequestSchema,
  meResponseSchema,
  messageResponseSchema,
  myGamesResponseSchema,
  publishedTuningSchema,
  recoverGameRequestSchema,
  reduceExpiryRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  savedGamePayloadSchema,
  stageGameSchema,
  stageInfoSchema,
  stageKeySchema,
  saveGameResponseSchema,
  sessionValidateResponseSchema,
  startLiveGameSchema,
  subscriberRequestSchema,
  tuningChangeSchema,
  tuningDocumentSchema,
  tuningHistorySchema,
  tuningRollbackSchema,
  tuningSchema,
  userEmailRequestSchema,
  usersListResponseSchema,
  userStatusRequestSchema,
  verifyResetTokenResponseSchema,
} from '@dond/shared';
import express, { type Router } from 'express';
import { z } from 'zod';
import { SESSION_COOKIE } from '../auth/auth.router.js';
import type { RouterContext } from '../../routerContext.js';

// Component names, set on the shared schema objects themselves (registry.register would name a copy), so a named
// schema inside another one, like GameRecord in SaveGameResponse, becomes a $ref to its component.
export const COMPONENTS: Record<string, z.ZodType> = {
  ErrorResponse: errorResponseSchema,
  MessageResponse: messageResponseSchema,
  HealthResponse: healthResponseSchema,
  LoginRequest: loginRequestSchema,
  RegisterRequest: registerRequestSchema,
  ForgotPasswordRequest: forgotPasswordRequestSchema,
  ResetPasswordRequest: resetPasswordRequestSchema,
  CurrentUser: currentUserSchema,
  MeResponse: meResponseSchema,
  RegisterResponse: registerResponseSchema,
  VerifyResetTokenResponse: verifyResetTokenResponseSchema,
  SessionValidateResponse: sessionValidateResponseSchema,
  CustomGiftSetRequest: customGiftSetRequestSchema,
  CustomGiftSetResponse: customGiftSetResponseSchema,
  SavedGamePayload: savedGamePayloadSchema,
  RecoverGameRequest: recoverGameRequestSchema,
  GameRecord: gameRecordSchema,
  SaveGameResponse: saveGameResponseSchema,
  MyGamesResponse: myGamesResponseSchema,
  GameStats: gameStatsSchema,
  DailyGamesResponse: dailyGamesResponseSchema,
  ClearGamesResponse: clearGamesResponseSchema,
  AdminUser: adminUserSchema,
  UsersListResponse: usersListResponseSchema,
  GamesListResponse: gamesListResponseSchema,
  UserStatusRequest: userStatusRequestSchema,
  UserEmailRequest: userEmailRequestSchema,
  ExtendExpiryRequest: extendExpiryRequestSchema,
  ReduceExpiryRequest: reduceExpiryRequestSchema,
  DisableUserRequest: disableUserRequestSchema,
  SubscriberRequest: subscriberRequestSchema,
  StartLiveGameRequest: startLiveGameSchema,
  LiveActionRequest: liveActionRequestSchema,
  LiveGamePublic: liveGamePublicSchema,
  LiveActionAnswer: liveActionAnswerSchema,
  LiveGameVerify: liveGameVerifySchema,
  StageInfo: stageInfoSchema,
  StageGame: stageGameSchema,
  AudienceSettings: audienceSettingsSchema,
  AudienceSourceSettings: audienceSourceSettingsSchema,
  AudienceSources: audienceSourcesSchema,
  AudienceEvent: audienceEventSchema,
  AudienceState: audienceStateSchema,
  AudienceLeaderboard: audienceLeaderboardSchema,
  AudienceBlocklist: audienceBlocklistSchema,
  AudienceGiftRules: audienceGiftRulesSchema,
  Tuning: tuningSchema,
  TuningDocument: tuningDocumentSchema,
  PublishedTuning: publishedTuningSchema,
  TuningChange: tuningChangeSchema,
  TuningHistory: tuningHistorySchema,
  TuningRollbackRequest: tuningRollbackSchema,
};
for (const [refId, schema] of Object.entries(COMPONENTS))
  zodToOpenAPIRegistry.add(schema, { _internal: { refId } });

/** Every error answers `{ error, field? }`; 429 and 503 say when to try again. */
const retryAfter = {
  'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' as const } },
};
const ERRORS: Record<number, [name: string, description: string, headers?: typeof retryAfter]> = {
  400: ['BadRequest', 'Invalid request: `error` says the rule, `field` names the field'],
  401: ['Unauthorized', 'Not signed in, or a wrong username or password'],
  403: [
    'Forbidden',
    'Not allowed: not an admin, an account that may not sign in, or a state-changing request from another site',
  ],
  404: ['NotFound', 'No such record'],
  409: ['Conflict', 'Conflicts with what is stored; for a live game’s action also `phase` and `expectedSeq`'],
  413: ['PayloadTooLarge', 'The body is larger than the server accepts'],
  422: ['Unprocessable', 'Breaks a rule of the game: `error` names the rule, `field` the field'],
  429: ['TooManyRequests', 'Too many attempts: Retry-After says when to try again', retryAfter],
  503: [
    'Unavailable',
    'The database is unreachable or too slow: Retry-After says when to try again',
    retryAfter,
  ],
};

const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });

const PATH_PARAMETERS: Record<string, z.ZodType> = {
  userId: idSchema.describe('The user’s id'),
  token: z.string().describe('The token from the reset link'),
  id: liveGameIdSchema.describe('The live game’s id'),
  key: stageKeySchema.describe('A stage key: read-only, revocable'),
};

const listAnswer = (schema: z.ZodType, what: string): ResponseConfig => ({
  description: `A page of ${what}`,
  headers: {
    'Content-Range': {
      description: `The page and the total, e.g. \`${what} 0-24/319\``,
      schema: { type: 'string' },
    },
  },
  ...json(schema),
});

interface Route {
  summary: string;
  /** Who may call it: anyone, a signed-in player (or admin), an admin. */
  access: 'anyone' | 'player' | 'admin';
  body?: z.ZodType;
  query?: z.ZodObject;
  answers: Record<number, ResponseConfig>;
  /** Errors besides those that the access, the input, a path id and the database bring. */
  errors?: number[];
  /** Answers without the database (no 503). */
  noDatabase?: boolean;
}

const ok = (schema: z.ZodType, description: string) => ({ 200: { description, ...json(schema) } });
const saved = (what: string) => ({
  201: { description: `${what} now`, ...json(saveGameResponseSchema) },
  200: { description: 'Already saved: the stored record', ...json(saveGameResponseSchema) },
});
const adminChange = (summary: string, body: z.ZodType): Route => ({
  summary,
  access: 'admin',
  body,
  answers: ok(adminUserSchema, 'The changed user'),
});

const ROUTES: Record<string, Route> = {
  'GET /api/health': {
    summary: 'Whether the server is up and reaches its database',
    access: 'anyone',
    answers: ok(healthResponseSchema, 'Up, and the database answers'),
  },
  'GET /api/openapi.json': {
    summary: 'This document',
    access: 'anyone',
    noDatabase: true,
    answers: {
      200: { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } },
    },
  },
  'GET /api/auth/me': {
    summary: 'The signed-in user',
    access: 'anyone',
    errors: [401],
    answers: ok(meResponseSchema, 'The user of the session'),
  },
  'POST /api/auth/login': {
    summary: 'Sign in; starts a session with a new id',
    access: 'anyone',
    body: loginRequestSchema,
    errors: [401, 429],
    answers: ok(currentUserSchema, 'Signed in; the session cookie is set'),
  },
  'POST /api/auth/register': {
    summary: 'Create an account, pending until an admin approves it',
    access: 'anyone',
    body: registerRequestSchema,
    errors: [409, 429],
    answers: { 201: { description: 'Created, pending approval', ...json(registerResponseSchema) } },
  },
  'POST /api/auth/logout': {
    summary: 'End the session',
    access: 'anyone',
    answers: ok(messageResponseSchema, 'Signed out'),
  },
  'GET /api/auth/verify-reset-token/{token}': {
    summary: 'Whether a password reset link is still good',
    access: 'anyone',
    answers: ok(verifyResetTokenResponseSchema, 'The link is good'),
  },
  'POST /api/auth/forgot-password': {
    summary: 'Mail a reset link; the same answer whether or not the address is known',
    access: 'anyone',
    body: forgotPasswordRequestSchema,
    errors: [429],
    answers: ok(messageResponseSchema, 'Accepted'),
  },
  'POST /api/auth/reset-password': {
    summary: 'Set a new password with a reset link; ends the user’s other sessions',
    access: 'anyone',
    body: resetPasswordRequestSchema,
    answers: ok(messageResponseSchema, 'The password is set'),
  },
  'GET /api/session/validate': {
    summary: 'Whether the session is still good',
    access: 'anyone',
    answers: ok(sessionValidateResponseSchema, 'valid is false for a visitor'),
  },
  'GET /api/gifts/custom': {
    summary: 'The player’s custom gift set',
    access: 'player',
    answers: ok(customGiftSetResponseSchema, 'customGiftSet is null until one is saved'),
  },
  'POST /api/gifts/custom': {
    summary: 'Save the player’s custom gift set: 26 distinct gifts of the catalogue',
    access: 'player',
    body: customGiftSetRequestSchema,
    answers: ok(customGiftSetResponseSchema, 'Saved'),
  },
  'POST /api/games': {
    summary: 'Save a finished live game: answers the server’s record of it (liveGameId), 201 the first time',
    access: 'player',
    body: savedGamePayloadSchema,
    errors: [409, 422],
    answers: saved('Saved'),
  },
  'POST /api/live-games': {
    summary: 'Start a game dealt and held by the server; abandons the player’s unfinished one',
    access: 'player',
    body: startLiveGameSchema,
    errors: [422, 429],
    answers: {
      201: { description: 'Dealt: the public state, no case’s content', ...json(liveGamePublicSchema) },
    },
  },
  'GET /api/live-games/current': {
    summary: 'The player’s unfinished game',
    access: 'player',
    errors: [404],
    answers: ok(liveGamePublicSchema, 'Its public state'),
  },
  'POST /api/live-games/{id}/actions': {
    summary:
      'Apply the action numbered seq, once: a repeat answers the state; a wrong seq or phase is a 409 naming the phase',
    access: 'player',
    body: liveActionRequestSchema,
    errors: [404, 409],
    answers: ok(
      liveActionAnswerSchema,
      'The public state after the action, and `events`: what the action did, as the server’s session emitted it ' +
        '(an optional X-Screen-Id header, 1 to 64 of A-Z a-z 0-9 _ -, names the screen it comes from: that ' +
        'screen’s stage stream, opened with ?screen=, is not pushed the change)',
    ),
  },
  'POST /api/live-games/{id}/continue': {
    summary:
      'CONTINUE after a DEAL: the player’s other screens and stages close the deal’s reveal (a `continue` push); ' +
      'not an action, no seq; a game not ended by a DEAL is a 409 naming its phase',
    access: 'player',
    errors: [404, 409],
    answers: { 204: { description: 'Told to every screen showing the player’s games' } },
  },
  'GET /api/live-games/{id}/verify': {
    summary: 'The proof of a game: the serverSeed and the board once it is over',
    access: 'anyone',
    errors: [404],
    answers: ok(liveGameVerifySchema, 'What anyone needs to check the game'),
  },
  'GET /api/stage': {
    summary: 'The player’s stage key (made on first use) and their stage’s browser-source URLs for OBS',
    access: 'player',
    answers: ok(stageInfoSchema, 'The key and the landscape and portrait URLs'),
  },
  'POST /api/stage/key': {
    summary: 'A new stage key: every stage of the old one stops at once',
    access: 'player',
    answers: ok(stageInfoSchema, 'The new key and its URLs'),
  },
  'GET /api/stage/{key}/game': {
    summary: 'What a stage shows: the streamer’s game in progress, else the one finished last, or null',
    access: 'anyone',
    errors: [404],
    answers: ok(stageGameSchema, 'The game’s public state (no unopened case’s content)'),
  },
  'GET /api/stage/{key}/events': {
    summary:
      'Server-Sent Events: `game` with the state now, then each change as it is made; `continue` when CONTINUE ' +
      'closes a DEAL’s reveal; `audience` ({ gameId, audience }) as the chat’s votes and calls change, at most ' +
      'every 20 ms; `gift` for each gift of the audience; `social` for likes (added up, at most every 500 ms), ' +
      'follows and shares; `leaderboard` (as GET /api/stage/{key}/leaderboard) when the scores are written; ' +
      '`revoked` when the key is replaced. A `game` made by an action carries its `events`. With ?screen=<id> (1 ' +
      'to 64 of A-Z a-z 0-9 _ -) the stream is not sent the changes that screen sent with X-Screen-Id. At most ' +
      '20 streams open per key and 50 per client address (429 beyond); a stream whose reader falls 1 MB behind is ' +
      'closed (the stage reconnects)',
    access: 'anyone',
    errors: [400, 404, 429],
    answers: {
      200: {
        description: 'An event stream; each `game` event’s data is the JSON of GET /api/stage/{key}/game',
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      },
    },
  },
  'GET /api/stage/{key}/leaderboard': {
    summary:
      'The audience’s leaderboards a stage shows: the top 10 voters and gifters of the game on the stage and of ' +
      'the stream, names through the blocklist',
    access: 'anyone',
    errors: [404],
    answers: ok(audienceLeaderboardSchema, 'Voters by votes, gifters by diamonds, most first'),
  },
  'GET /api/audience/settings': {
    summary:
      'The player’s audience settings: what the chat does in their games (off, vote, call) and for how long',
    access: 'player',
    answers: ok(audienceSettingsSchema, 'The settings (mode off and 30 s until changed)'),
  },
  'PUT /api/audience/settings': {
    summary: 'Choose what the chat does (off, vote, call) and the window’s length (3 to 120 s)',
    access: 'player',
    body: audienceSettingsSchema,
    answers: ok(audienceSettingsSchema, 'The settings kept'),
  },
  'POST /api/audience/simulate': {
    summary:
      'One normalized event of the player’s own stream (the deck’s simulator): counted as a source’s event is; ' +
      'a message id seen lately is accepted and ignored (`taken: false`)',
    access: 'player',
    body: audienceEventSchema,
    errors: [429],
    answers: {
      202: {
        description: 'Accepted',
        ...json(z.object({ taken: z.boolean().describe('false for a repeat of a recent msgId') })),
      },
    },
  },
  'GET /api/audience/leaderboard': {
    summary:
      'The top 10 voters and gifters of the game on the stage and of the stream (across games), names through ' +
      'the blocklist',
    access: 'player',
    answers: ok(audienceLeaderboardSchema, 'Voters by votes, gifters by diamonds, most first'),
  },
  'GET /api/audience/blocklist': {
    summary: 'The words that hide a viewer’s name (shown as ‘viewer’)',
    access: 'player',
    answers: ok(audienceBlocklistSchema, 'The words'),
  },
  'PUT /api/audience/blocklist': {
    summary: 'Replace the blocklist: at most 200 words of 1 to 40 characters, matched without case',
    access: 'player',
    body: audienceBlocklistSchema,
    answers: ok(audienceBlocklistSchema, 'The words kept (repeats once)'),
  },
  'GET /api/audience/gift-rules': {
    summary:
      'What each gift does in a window: DEAL or NO DEAL votes weighted by its diamonds, or backing a call',
    access: 'player',
    answers: ok(audienceGiftRulesSchema, 'The rules (none until changed)'),
  },
  'PUT /api/audience/gift-rules': {
    summary:
      'Replace the gift rules: at most 20, each gift named once (matched without case), effect deal, noDeal or call',
    access: 'player',
    body: audienceGiftRulesSchema,
    answers: ok(audienceGiftRulesSchema, 'The rules kept'),
  },
  'GET /api/audience/sources': {
    summary:
      'The player’s event sources (TikFinity’s WebSocket, tiktok-live-connector): the settings, each source’s ' +
      'connection (stopped when off; null when on but not running in this instance) and its event counts',
    access: 'player',
    answers: ok(audienceSourcesSchema, 'The sources'),
  },
  'PUT /api/audience/sources': {
    summary:
      'Turn the event sources on or off: TikFinity at a ws:// or wss:// URL, TikTok LIVE for a username; a ' +
      'running source is restarted when its URL or username changes',
    access: 'player',
    body: audienceSourceSettingsSchema,
    answers: ok(audienceSourcesSchema, 'The sources as they are now'),
  },
  'GET /api/tuning': {
    summary:
      'The board’s published animation tuning (standard and reduced motion) and who published it when; the ' +
      'built-in defaults (id null) while nothing is published or when the stored one no longer parses',
    access: 'anyone',
    answers: ok(publishedTuningSchema, 'The tuning every player and stage uses'),
  },
  'PUT /api/admin/tuning': {
    summary:
      'Publish a tuning as a new change: it becomes every player’s at once; a bad one is a 400 naming the ' +
      'first field’s path and the rule (`details`: every problem, one a line)',
    access: 'admin',
    body: tuningDocumentSchema,
    answers: ok(publishedTuningSchema, 'Published'),
  },
  'GET /api/admin/tuning/history': {
    summary: 'The published changes, newest first (at most 100), to roll back to',
    access: 'admin',
    answers: ok(tuningHistorySchema, 'Newest first; rolledBackFrom names the change a rollback restored'),
  },
  'POST /api/admin/tuning/rollback': {
    summary:
      'Publish again the tuning of an earlier change, as a new change (the history is append-only); a 422 when ' +
      'that tuning no longer fits the current schema',
    access: 'admin',
    body: tuningRollbackSchema,
    errors: [404, 422],
    answers: ok(publishedTuningSchema, 'Published again'),
  },
  'GET /api/games/my-games': {
    summary: 'The player’s own games',
    access: 'player',
    answers: ok(myGamesResponseSchema, 'Newest first'),
  },
  'GET /api/admin/users': {
    summary: 'Every user, a page at a time',
    access: 'admin',
    query: listQuerySchema,
    answers: { 200: listAnswer(usersListResponseSchema, 'users') },
  },
  'GET /api/admin/users/pending': {
    summary: 'Accounts waiting for approval',
    access: 'admin',
    query: listQuerySchema,
    answers: { 200: listAnswer(usersListResponseSchema, 'users') },
  },
  'GET /api/admin/users/{userId}': {
    summary: 'One user',
    access: 'admin',
    answers: ok(adminUserSchema, 'The user'),
  },
  'DELETE /api/admin/users/{userId}': {
    summary: 'Delete a player',
    access: 'admin',
    answers: ok(adminUserSchema, 'The deleted user'),
  },
  'PATCH /api/admin/users/{userId}/status': adminChange(
    'Approve or reject an account',
    userStatusRequestSchema,
  ),
  'PATCH /api/admin/users/{userId}/email': adminChange(
    'Change or remove (null) the email address',
    userEmailRequestSchema,
  ),
  'PATCH /api/admin/users/{userId}/extend': adminChange(
    'Extend the account’s expiry',
    extendExpiryRequestSchema,
  ),
  'PATCH /api/admin/users/{userId}/reduce': adminChange(
    'Bring the account’s expiry closer',
    reduceExpiryRequestSchema,
  ),
  'PATCH /api/admin/users/{userId}/disable': adminChange(
    'Disable the account; its sessions end',
    disableUserRequestSchema,
  ),
  'PATCH /api/admin/users/{userId}/subscriber': adminChange(
    'Set the monthly subscriber flag',
    subscriberRequestSchema,
  ),
  'GET /api/admin/games': {
    summary: 'Every saved game, a page at a time',
    access: 'admin',
    query: listQuerySchema,
    answers: { 200: listAnswer(gamesListResponseSchema, 'games') },
  },
  'DELETE /api/admin/games': {
    summary: 'Clear all statistics: deletes every saved game',
    access: 'admin',
    answers: ok(clearGamesResponseSchema, 'How many games were deleted'),
  },
  'GET /api/admin/games/stats': {
    summary: 'Statistics over every saved game',
    access: 'admin',
    answers: ok(gameStatsSchema, 'The statistics'),
  },
  'GET /api/admin/games/daily': {
    summary: 'Games and winnings per UTC day',
    access: 'admin',
    query: dailyGamesQuerySchema,
    answers: ok(dailyGamesResponseSchema, 'One entry per day, oldest first'),
  },
  'GET /api/admin/games/export': {
    summary: 'Every saved game as a CSV download',
    access: 'admin',
    answers: {
      200: {
        description:
          'RFC 4180 CSV with a header row; cells that a spreadsheet would run as a formula are neutralised',
        headers: {
          'Content-Disposition': {
            description: 'attachment with a timestamped file name',
            schema: { type: 'string' },
          },
        },
        content: { 'text/csv': { schema: { type: 'string' } } },
      },
    },
  },
  'POST /api/admin/games/recover': {
    summary: 'Save a player’s local backup on their behalf: the server’s record of its live game',
    access: 'admin',
    body: recoverGameRequestSchema,
    errors: [404, 409, 422],
    answers: saved('Recovered'),
  },
};

function operation(key: string, route: Route): RouteConfig {
  const [verb, path] = key.split(' ') as [string, string];
  const method = verb.toLowerCase() as RouteConfig['method'];
  const names = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
  const params = names.length
    ? z.object(Object.fromEntries(names.map((name) => [name, PATH_PARAMETERS[name]!])))
    : undefined;
  // Bad input (a body, a query, a path id, a malformed JSON body) is a 400; a body past the limit a 413; every
  // state-changing request from another site a 403, as is a signed-in player on an admin route.
  const errors = new Set(route.errors);
  if (route.body || route.query || params) errors.add(400);
  if (route.body) errors.add(413);
  if (route.access !== 'anyone') errors.add(401);
  if (route.access === 'admin' || method !== 'get') errors.add(403);
  if (names.includes('userId')) errors.add(404);
  if (!route.noDatabase) errors.add(503);
  const responses: RouteConfig['responses'] = { ...route.answers };
  for (const status of [...errors].sort())
    responses[status] = { $ref: `#/components/responses/${ERRORS[status]![0]}` };
  return {
    method,
    path,
    summary: route.summary,
    ...(route.access === 'anyone' ? {} : { security: [{ session: [] }] }),
    request: {
      params,
      query: route.query,
      ...(route.body ? { body: { required: true, ...json(route.body) } } : {}),
    },
    responses,
  };
}

/** The whole document: ROUTES over the shared zod schemas. */
export function openapiDocument() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
  });
  for (const [name, description, headers] of Object.values(ERRORS)) {
    registry.registerComponent('responses', name, {
      description,
      ...(headers ? { headers } : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
    });
  }
  for (const [key, route] of Object.entries(ROUTES)) registry.registerPath(operation(key, route));
  const pkg = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return new OpenApiGeneratorV31(
    // The error answers refer to ErrorResponse by hand: it must be generated even though no route names it.
    [...registry.definitions, { type: 'schema', schema: errorResponseSchema }],
    { sortComponents: 'alphabetically' },
  ).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Deals or No Deals API',
      version: pkg.version,
      description:
        'Accounts, sessions, saved games, custom gift sets and the admin tools. Sessions travel in an HttpOnly ' +
        'cookie; a state-changing request (any method but GET, HEAD, OPTIONS) whose Origin is another site, or ' +
        'whose Sec-Fetch-Site is cross-site, is refused with 403.',
    },
  });
}

/** GET /api/openapi.json: the API described from the shared zod schemas. */
export function openapiRouter(_ctx: RouterContext): Router {
  const document = openapiDocument();
  const router = express.Router();
  router.get('/', (_req, res) => {
    res.json(document);
  });
  return router;
}
