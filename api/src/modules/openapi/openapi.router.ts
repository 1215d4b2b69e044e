import fs from 'node:fs';
import {
  adminUserSchema,
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
  idSchema,
  listQuerySchema,
  loginRequestSchema,
  meResponseSchema,
  messageResponseSchema,
  myGamesResponseSchema,
  recoverGameRequestSchema,
  reduceExpiryRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  savedGamePayloadSchema,
  saveGameResponseSchema,
  sessionValidateResponseSchema,
  subscriberRequestSchema,
  userEmailRequestSchema,
  usersListResponseSchema,
  userStatusRequestSchema,
  verifyResetTokenResponseSchema,
} from '@dond/shared';
import express, { type Router } from 'express';
import { z } from 'zod';
import { SESSION_COOKIE } from '../auth/auth.router.js';
import type { RouterContext } from '../../routerContext.js';

type JsonSchema = Record<string, unknown>;

// Requests are described as a client may send them (zod's input side: defaults optional, text before
// coercion); answers as the server sends them (the output side).
const REQUESTS = {
  LoginRequest: loginRequestSchema,
  RegisterRequest: registerRequestSchema,
  ForgotPasswordRequest: forgotPasswordRequestSchema,
  ResetPasswordRequest: resetPasswordRequestSchema,
  CustomGiftSetRequest: customGiftSetRequestSchema,
  SavedGamePayload: savedGamePayloadSchema,
  RecoverGameRequest: recoverGameRequestSchema,
  UserStatusRequest: userStatusRequestSchema,
  UserEmailRequest: userEmailRequestSchema,
  ExtendExpiryRequest: extendExpiryRequestSchema,
  ReduceExpiryRequest: reduceExpiryRequestSchema,
  DisableUserRequest: disableUserRequestSchema,
  SubscriberRequest: subscriberRequestSchema,
};
const RESPONSES = {
  ErrorResponse: errorResponseSchema,
  MessageResponse: messageResponseSchema,
  CurrentUser: currentUserSchema,
  MeResponse: meResponseSchema,
  RegisterResponse: registerResponseSchema,
  VerifyResetTokenResponse: verifyResetTokenResponseSchema,
  SessionValidateResponse: sessionValidateResponseSchema,
  CustomGiftSetResponse: customGiftSetResponseSchema,
  GameRecord: gameRecordSchema,
  SaveGameResponse: saveGameResponseSchema,
  MyGamesResponse: myGamesResponseSchema,
  AdminUser: adminUserSchema,
  UsersListResponse: usersListResponseSchema,
  GamesListResponse: gamesListResponseSchema,
  GameStats: gameStatsSchema,
  DailyGamesResponse: dailyGamesResponseSchema,
  ClearGamesResponse: clearGamesResponseSchema,
};
type RequestName = keyof typeof REQUESTS;
type ResponseName = keyof typeof RESPONSES;

const ref = (name: RequestName | ResponseName) => ({ $ref: `#/components/schemas/${name}` });

/** The named schemas as components; a schema inside another named one becomes a $ref to it. */
function components(schemas: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const { schemas: converted } = z.toJSONSchema(registry, { io, uri: (id) => `#/components/schemas/${id}` });
  // A component's place in the document is its identity.
  return Object.fromEntries(
    Object.entries(converted).map(([id, { $id: _id, ...schema }]) => [id, withoutDialect(schema)]),
  );
}

/** The document's jsonSchemaDialect already says 2020-12. */
function withoutDialect({ $schema: _dialect, ...schema }: JsonSchema): JsonSchema {
  return schema;
}

/** A query schema's properties as OpenAPI query parameters. */
function queryParameters(schema: z.ZodObject, descriptions: Record<string, string> = {}) {
  const json = z.toJSONSchema(schema, { io: 'input' }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    ...(descriptions[name] ? { description: descriptions[name] } : {}),
    schema: property,
  }));
}

const LIST_PARAMETERS = queryParameters(listQuerySchema, {
  range: 'JSON [first, last], zero-based and inclusive, e.g. [0,24] (ra-data-simple-rest)',
  sort: 'JSON [field, "ASC" | "DESC"], e.g. ["id","DESC"]',
  filter: 'JSON object of filters, e.g. {"q":"streamer"}',
});
const CONTENT_RANGE = {
  'Content-Range': {
    description: 'The page and the total, e.g. `users 0-24/319`',
    schema: { type: 'string' },
  },
};

const ERRORS: Record<number, string> = {
  400: 'Invalid request: `error` says the rule, `field` names the field',
  401: 'Not signed in, or a wrong username or password',
  403: 'Not allowed: not an admin, an account that may not sign in, or a state-changing request from another site',
  404: 'No such record',
  409: 'Conflicts with what is stored',
  422: 'Breaks a rule of the game: `error` names the rule',
  429: 'Too many attempts: Retry-After says when to try again',
  503: 'The database is unavailable: Retry-After says when to try again',
};

interface Answer {
  status: number;
  description: string;
  schema?: RequestName | ResponseName | JsonSchema;
  /** Another type than JSON, e.g. the CSV export. */
  mediaType?: string;
  headers?: Record<string, unknown>;
}

interface Route {
  summary: string;
  /** Who may call it: anyone, a signed-in player (or admin), an admin. */
  access: 'anyone' | 'player' | 'admin';
  body?: RequestName;
  query?: ReturnType<typeof queryParameters>;
  answers: Answer[];
  /** Error answers besides those `access`, a body, a path id and the database bring. */
  errors?: number[];
  /** Answers without the database (no 503). */
  noDatabase?: boolean;
}

const ROUTES: Record<string, Partial<Record<'get' | 'post' | 'patch' | 'delete', Route>>> = {
  '/api/health': {
    get: {
      summary: 'Liveness check',
      access: 'anyone',
      noDatabase: true,
      answers: [
        {
          status: 200,
          description: 'The server is up',
          schema: { type: 'object', properties: { ok: { const: true } }, required: ['ok'] },
        },
      ],
    },
  },
  '/api/openapi.json': {
    get: {
      summary: 'This document',
      access: 'anyone',
      noDatabase: true,
      answers: [{ status: 200, description: 'OpenAPI 3.1', schema: { type: 'object' } }],
    },
  },
  '/api/auth/me': {
    get: {
      summary: 'The signed-in user',
      access: 'anyone',
      errors: [401],
      answers: [{ status: 200, description: 'The user of the session', schema: 'MeResponse' }],
    },
  },
  '/api/auth/login': {
    post: {
      summary: 'Sign in; starts a session with a new id',
      access: 'anyone',
      body: 'LoginRequest',
      errors: [401, 403, 429],
      answers: [{ status: 200, description: 'Signed in; the session cookie is set', schema: 'CurrentUser' }],
    },
  },
  '/api/auth/register': {
    post: {
      summary: 'Create an account, pending until an admin approves it',
      access: 'anyone',
      body: 'RegisterRequest',
      errors: [409, 429],
      answers: [{ status: 201, description: 'Created, pending approval', schema: 'RegisterResponse' }],
    },
  },
  '/api/auth/logout': {
    post: {
      summary: 'End the session',
      access: 'anyone',
      answers: [{ status: 200, description: 'Signed out', schema: 'MessageResponse' }],
    },
  },
  '/api/auth/verify-reset-token/{token}': {
    get: {
      summary: 'Whether a password reset link is still good',
      access: 'anyone',
      answers: [{ status: 200, description: 'The link is good', schema: 'VerifyResetTokenResponse' }],
    },
  },
  '/api/auth/forgot-password': {
    post: {
      summary: 'Mail a reset link; the same answer whether or not the address is known',
      access: 'anyone',
      body: 'ForgotPasswordRequest',
      errors: [429],
      answers: [{ status: 200, description: 'Accepted', schema: 'MessageResponse' }],
    },
  },
  '/api/auth/reset-password': {
    post: {
      summary: 'Set a new password with a reset link; ends the user’s other sessions',
      access: 'anyone',
      body: 'ResetPasswordRequest',
      answers: [{ status: 200, description: 'The password is set', schema: 'MessageResponse' }],
    },
  },
  '/api/session/validate': {
    get: {
      summary: 'Whether the session is still good',
      access: 'anyone',
      answers: [
        { status: 200, description: 'valid is false for a visitor', schema: 'SessionValidateResponse' },
      ],
    },
  },
  '/api/gifts/custom': {
    get: {
      summary: 'The player’s custom gift set',
      access: 'player',
      answers: [
        {
          status: 200,
          description: 'customGiftSet is null until one is saved',
          schema: 'CustomGiftSetResponse',
        },
      ],
    },
    post: {
      summary: 'Save the player’s custom gift set: 26 distinct gifts of the catalogue',
      access: 'player',
      body: 'CustomGiftSetRequest',
      answers: [{ status: 200, description: 'Saved', schema: 'CustomGiftSetResponse' }],
    },
  },
  '/api/games': {
    post: {
      summary: 'Save a finished game; idempotent on clientGameId',
      access: 'player',
      body: 'SavedGamePayload',
      errors: [409, 422],
      answers: [
        { status: 201, description: 'Saved now', schema: 'SaveGameResponse' },
        { status: 200, description: 'Already saved: the stored record', schema: 'SaveGameResponse' },
      ],
    },
  },
  '/api/games/my-games': {
    get: {
      summary: 'The player’s own games',
      access: 'player',
      answers: [{ status: 200, description: 'Newest first', schema: 'MyGamesResponse' }],
    },
  },
  '/api/admin/users': {
    get: {
      summary: 'Every user, a page at a time',
      access: 'admin',
      query: LIST_PARAMETERS,
      answers: [
        { status: 200, description: 'A page of users', schema: 'UsersListResponse', headers: CONTENT_RANGE },
      ],
    },
  },
  '/api/admin/users/pending': {
    get: {
      summary: 'Accounts waiting for approval',
      access: 'admin',
      query: LIST_PARAMETERS,
      answers: [
        { status: 200, description: 'A page of users', schema: 'UsersListResponse', headers: CONTENT_RANGE },
      ],
    },
  },
  '/api/admin/users/{userId}': {
    get: {
      summary: 'One user',
      access: 'admin',
      answers: [{ status: 200, description: 'The user', schema: 'AdminUser' }],
    },
    delete: {
      summary: 'Delete a player',
      access: 'admin',
      answers: [{ status: 200, description: 'The deleted user', schema: 'AdminUser' }],
    },
  },
  '/api/admin/users/{userId}/status': {
    patch: adminChange('Approve or reject an account', 'UserStatusRequest'),
  },
  '/api/admin/users/{userId}/email': {
    patch: adminChange('Change or remove (null) the email address', 'UserEmailRequest'),
  },
  '/api/admin/users/{userId}/extend': {
    patch: adminChange('Extend the account’s expiry', 'ExtendExpiryRequest'),
  },
  '/api/admin/users/{userId}/reduce': {
    patch: adminChange('Bring the account’s expiry closer', 'ReduceExpiryRequest'),
  },
  '/api/admin/users/{userId}/disable': {
    patch: adminChange('Disable the account; its sessions end', 'DisableUserRequest'),
  },
  '/api/admin/users/{userId}/subscriber': {
    patch: adminChange('Set the monthly subscriber flag', 'SubscriberRequest'),
  },
  '/api/admin/games': {
    get: {
      summary: 'Every saved game, a page at a time',
      access: 'admin',
      query: LIST_PARAMETERS,
      answers: [
        { status: 200, description: 'A page of games', schema: 'GamesListResponse', headers: CONTENT_RANGE },
      ],
    },
    delete: {
      summary: 'Clear all statistics: deletes every saved game',
      access: 'admin',
      answers: [{ status: 200, description: 'How many games were deleted', schema: 'ClearGamesResponse' }],
    },
  },
  '/api/admin/games/stats': {
    get: {
      summary: 'Statistics over every saved game',
      access: 'admin',
      answers: [{ status: 200, description: 'The statistics', schema: 'GameStats' }],
    },
  },
  '/api/admin/games/daily': {
    get: {
      summary: 'Games and winnings per UTC day',
      access: 'admin',
      query: queryParameters(dailyGamesQuerySchema, { days: 'How many days back, today included' }),
      answers: [
        { status: 200, description: 'One entry per day, oldest first', schema: 'DailyGamesResponse' },
      ],
    },
  },
  '/api/admin/games/export': {
    get: {
      summary: 'Every saved game as a CSV download',
      access: 'admin',
      answers: [
        {
          status: 200,
          description:
            'RFC 4180 CSV with a header row; cells that a spreadsheet would run as a formula are neutralised',
          mediaType: 'text/csv',
          schema: { type: 'string' },
          headers: {
            'Content-Disposition': {
              description: 'attachment with a timestamped file name',
              schema: { type: 'string' },
            },
          },
        },
      ],
    },
  },
  '/api/admin/games/recover': {
    post: {
      summary: 'Save a player’s local backup on their behalf; idempotent on clientGameId',
      access: 'admin',
      body: 'RecoverGameRequest',
      errors: [409, 422],
      answers: [
        { status: 201, description: 'Recovered now', schema: 'SaveGameResponse' },
        { status: 200, description: 'Already saved: the stored record', schema: 'SaveGameResponse' },
      ],
    },
  },
};

function adminChange(summary: string, body: RequestName): Route {
  return {
    summary,
    access: 'admin',
    body,
    answers: [{ status: 200, description: 'The changed user', schema: 'AdminUser' }],
  };
}

const PATH_PARAMETERS: Record<string, { description: string; schema: JsonSchema }> = {
  userId: { description: 'The user’s id', schema: withoutDialect(z.toJSONSchema(idSchema, { io: 'input' })) },
  token: { description: 'The token from the reset link', schema: { type: 'string' } },
};

function json(schema: Answer['schema'], mediaType = 'application/json') {
  return { content: { [mediaType]: { schema: typeof schema === 'string' ? ref(schema) : (schema ?? {}) } } };
}

function operation(path: string, method: string, route: Route) {
  const pathParameters = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    const parameter = PATH_PARAMETERS[name!];
    if (!parameter) throw new Error(`openapi: no description of the path parameter ${name}`);
    return { name, in: 'path', required: true, ...parameter };
  });
  const errors = new Set(route.errors);
  if (route.body || route.query || pathParameters.length) errors.add(400);
  if (route.access !== 'anyone') errors.add(401);
  if (route.access === 'admin' || method !== 'get') errors.add(403);
  if (path.includes('{userId}')) errors.add(404);
  if (!route.noDatabase) errors.add(503);
  const responses: Record<string, unknown> = {};
  for (const answer of route.answers) {
    responses[answer.status] = {
      description: answer.description,
      ...(answer.headers ? { headers: answer.headers } : {}),
      ...json(answer.schema, answer.mediaType),
    };
  }
  for (const status of [...errors].sort((a, b) => a - b))
    responses[status] = { description: ERRORS[status], ...json('ErrorResponse') };
  return {
    summary: route.summary,
    ...(route.access === 'anyone' ? {} : { security: [{ session: [] }] }),
    ...(pathParameters.length || route.query
      ? { parameters: [...pathParameters, ...(route.query ?? [])] }
      : {}),
    ...(route.body ? { requestBody: { required: true, ...json(route.body) } } : {}),
    responses,
  };
}

/** The whole document, built from the shared zod schemas. */
export function openapiDocument(): Record<string, unknown> {
  const pkg = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  const paths = Object.fromEntries(
    Object.entries(ROUTES).map(([path, methods]) => [
      path,
      Object.fromEntries(
        Object.entries(methods).map(([method, route]) => [method, operation(path, method, route)]),
      ),
    ]),
  );
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Deals or No Deals API',
      version: pkg.version,
      description:
        'Accounts, sessions, saved games, custom gift sets and the admin tools. Sessions travel in an HttpOnly cookie; ' +
        'state-changing requests from another site are refused.',
    },
    paths,
    components: {
      schemas: { ...components(REQUESTS, 'input'), ...components(RESPONSES, 'output') },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
    },
  };
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
