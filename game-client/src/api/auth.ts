import {
  currentUserSchema,
  registerResponseSchema,
  type CurrentUser,
  type LoginRequest,
  type RegisterRequest,
} from '@dond/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ME_URL } from '../store/storageKeys';
import { sharedWithApp, takeEarlyRead } from './early';
import { apiJson, apiRequest } from './request';

export const ME_KEY = [ME_URL] as const;

const meRead = sharedWithApp(readMe);

/**
 * The session check: the signed-in user or null. A 401 is simply "not signed in"; any other failure is
 * logged and also treated as no user, so a hiccup never locks the player out of the login screen. A player
 * likely to land on the board had it started by the page's head, a round trip before the app could.
 */
export const fetchMe = meRead.forApp;
/** The session check of a board drawn before the app (board/boardFirst.tsx), which the app's first check is. */
export const checkSessionBeforeApp = meRead.beforeApp;

async function readMe(): Promise<CurrentUser | null> {
  const early = takeEarlyRead('me')?.catch(() => undefined);
  const res = (await early) ?? (await fetch(ME_KEY[0], { credentials: 'include' }));
  if (res.status === 401) return null;
  if (!res.ok) {
    console.error(new Error(`${res.status}: ${res.statusText}`));
    return null;
  }
  const body = (await res.json()) as { user?: unknown };
  const parsed = currentUserSchema.nullable().safeParse(body.user ?? null);
  return parsed.success ? parsed.data : null;
}

export function useMe() {
  const query = useQuery({ queryKey: ME_KEY, queryFn: fetchMe });
  return { user: query.data ?? null, isLoading: query.isLoading };
}

/** A sign-in the server took but the browser did not keep: it refuses the site's cookies (a privacy setting). */
export class CookiesRefusedError extends Error {
  constructor() {
    super(
      'Your browser blocked the sign-in cookie. Allow cookies for this site to sign in, or play as a guest.',
    );
  }
}

/**
 * Signs in, then asks whether the browser kept the session: one that refuses cookies would otherwise show the
 * player signed in while every read after it, the game's save included, is refused.
 */
async function login(body: LoginRequest): Promise<CurrentUser> {
  const user = await apiJson('POST', '/api/auth/login', body, currentUserSchema);
  const check = await fetch(ME_KEY[0], { credentials: 'include' });
  if (check.status === 401) throw new CookiesRefusedError();
  return user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => queryClient.setQueryData(ME_KEY, user),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterRequest) =>
      apiJson('POST', '/api/auth/register', body, registerResponseSchema),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSuccess: async () => {
      queryClient.setQueryData(ME_KEY, null);
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
    },
  });
}
