import type { AuthProvider } from 'react-admin';

/** The signed-in user as GET /api/auth/me answers it (shared's CurrentUser). */
export interface SessionUser {
  id: number;
  username: string;
  isAdmin: boolean;
}

/** What getPermissions resolves to: screens show Access Denied unless isAdmin. */
export interface AdminPermissions {
  isAdmin: boolean;
}

/** Where a signed-out visitor goes: the game's login screen, a full page load (it is another app). */
export const SIGN_IN_PATH = '/auth';

/** Reads the session; null when signed out (401) or when the check fails (SPEC 7: logged, treated as no user). */
export async function fetchSessionUser(): Promise<SessionUser | null> {
  const response = await fetch('/api/auth/me', {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (response.status === 401) return null;
  if (!response.ok) {
    console.error(`${response.status}: ${response.statusText}`);
    return null;
  }
  const body = (await response.json()) as { user?: SessionUser | null };
  return body.user ?? null;
}

/** An absolute address, so react-admin leaves the console with a full page load instead of routing inside it. */
function signInUrl(): string {
  return `${window.location.origin}${SIGN_IN_PATH}`;
}

/**
 * The console's auth: the game owns login, so this only reads the session. Signed out, every check sends the
 * browser to /auth; signed in, permissions carry isAdmin and the screens decide (a player sees Access Denied).
 */
export function createAuthProvider(): AuthProvider {
  // One session read per page load is enough for checkAuth, getPermissions and getIdentity together.
  let pending: Promise<SessionUser | null> | null = null;
  const session = () => (pending ??= fetchSessionUser());

  return {
    // The game's /auth screen signs in; react-admin's own login form is never used.
    async login() {
      throw new Error('Sign in on the game');
    },
    async logout() {
      pending = null;
      try {
        await fetch('/api/auth/logout', { method: 'POST', credentials: 'include' });
      } catch (error) {
        console.error('Logout failed:', error);
      }
      return signInUrl();
    },
    async checkAuth() {
      const user = await session();
      if (!user) {
        pending = null;
        // message: false keeps react-admin from showing its own "please log in" toast on the way out.
        throw { redirectTo: signInUrl(), message: false };
      }
    },
    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        pending = null;
        throw { redirectTo: signInUrl(), message: false };
      }
      // 403 and the rest are the screen's business (a toast), not a reason to sign out.
    },
    async getPermissions(): Promise<AdminPermissions> {
      const user = await session();
      return { isAdmin: user?.isAdmin === true };
    },
    async getIdentity() {
      const user = await session();
      if (!user) throw { redirectTo: signInUrl(), message: false };
      return { id: user.id, fullName: user.username };
    },
  };
}
