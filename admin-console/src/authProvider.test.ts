import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from './authProvider';

function stubFetch(status: number, body: unknown) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('authProvider', () => {
  it('401 from /api/auth/me is signed out: checkAuth rejects towards /auth with a full page address', async () => {
    const fetch = stubFetch(401, { error: 'Not signed in' });
    await expect(createAuthProvider().checkAuth({})).rejects.toEqual({
      redirectTo: `${window.location.origin}/auth`,
      message: false,
    });
    expect(fetch).toHaveBeenCalledWith('/api/auth/me', expect.objectContaining({ credentials: 'include' }));
  });

  it('a player is signed in but not an admin', async () => {
    stubFetch(200, { user: { id: 2, username: 'player1', isAdmin: false } });
    const auth = createAuthProvider();
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.getPermissions!({})).resolves.toEqual({ isAdmin: false });
  });

  it('an admin has isAdmin permissions and the username as identity, with one session read', async () => {
    const fetch = stubFetch(200, { user: { id: 1, username: 'boss', isAdmin: true } });
    const auth = createAuthProvider();
    await auth.checkAuth({});
    await expect(auth.getPermissions!({})).resolves.toEqual({ isAdmin: true });
    await expect(auth.getIdentity!()).resolves.toEqual({ id: 1, fullName: 'boss' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('another failure of the session check is logged and treated as signed out', async () => {
    stubFetch(500, { error: 'boom' });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(createAuthProvider().checkAuth({})).rejects.toMatchObject({
      redirectTo: expect.stringMatching(/\/auth$/),
    });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('checkError signs out on 401 only', async () => {
    const auth = createAuthProvider();
    await expect(auth.checkError({ status: 401 })).rejects.toMatchObject({
      redirectTo: expect.stringMatching(/\/auth$/),
    });
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
  });

  it('logout posts to /api/auth/logout and leaves for /auth', async () => {
    const fetch = stubFetch(200, { message: 'Logged out' });
    await expect(createAuthProvider().logout({})).resolves.toBe(`${window.location.origin}/auth`);
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );
  });
});
