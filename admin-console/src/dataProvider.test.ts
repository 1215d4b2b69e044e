import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider, errorMessage, failureMessage } from './dataProvider';

type Call = {
  url: string;
  method: string;
  body: unknown;
  credentials: RequestCredentials | undefined;
  contentType: string | null;
};

function stubFetch(answer: { status?: number; body?: unknown; headers?: Record<string, string> } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
        credentials: init.credentials,
        contentType: headers.get('Content-Type'),
      });
      return new Response(JSON.stringify(answer.body ?? { id: 5 }), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json', ...answer.headers },
      });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('dataProvider', () => {
  it('lists users the ra-data-simple-rest way, with credentials, reading the Content-Range total', async () => {
    const calls = stubFetch({ body: [{ id: 1 }], headers: { 'Content-Range': 'users 0-0/42' } });
    const result = await createDataProvider().getList('users', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { status: 'approved' },
    });
    expect(result.total).toBe(42);
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/admin/users');
    expect(url.searchParams.get('range')).toBe('[10,19]');
    expect(url.searchParams.get('sort')).toBe('["createdAt","DESC"]');
    expect(url.searchParams.get('filter')).toBe('{"status":"approved"}');
    expect(calls[0]!.credentials).toBe('include');
  });

  it('each user action calls its SPEC 7 route with its body', async () => {
    const calls = stubFetch();
    const dp = createDataProvider();
    await dp.setUserStatus(5, 'approved');
    await dp.setUserEmail(5, null);
    await dp.extendUserExpiry(5, 14);
    await dp.reduceUserExpiry(5, 1);
    await dp.disableUser(5);
    await dp.setUserSubscriber(5, true);
    await dp.deleteUser(5);
    expect(calls.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['PATCH', '/api/admin/users/5/status', { status: 'approved' }],
      ['PATCH', '/api/admin/users/5/email', { email: null }],
      ['PATCH', '/api/admin/users/5/extend', { days: 14 }],
      ['PATCH', '/api/admin/users/5/reduce', { days: 1 }],
      ['PATCH', '/api/admin/users/5/disable', {}],
      ['PATCH', '/api/admin/users/5/subscriber', { isMonthlySubscriber: true }],
      ['DELETE', '/api/admin/users/5', undefined],
    ]);
    expect(calls.every((call) => call.credentials === 'include')).toBe(true);
    expect(calls.slice(0, 6).every((call) => call.contentType === 'application/json')).toBe(true);
  });

  it("a failure carries the server's error text, else the fallback", async () => {
    stubFetch({ status: 404, body: { error: 'User not found' } });
    const failure = await createDataProvider()
      .disableUser(9)
      .catch((error: unknown) => error);
    expect(errorMessage(failure, 'Failed to disable account')).toBe('User not found');
    expect(errorMessage(new Error('network'), 'Failed to disable account')).toBe('Failed to disable account');
  });

  it('the game calls: stats, the daily chart, clearing and recovering', async () => {
    const calls = stubFetch();
    const dp = createDataProvider();
    await dp.getGameStats();
    await dp.getDailyGames(30);
    await dp.clearGames();
    await dp.recoverGame({ backupKey: 'game_backup_x' } as Parameters<typeof dp.recoverGame>[0]);
    expect(calls.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['GET', '/api/admin/games/stats', undefined],
      ['GET', '/api/admin/games/daily?days=30', undefined],
      ['DELETE', '/api/admin/games', undefined],
      ['POST', '/api/admin/games/recover', { backupKey: 'game_backup_x' }],
    ]);
    expect(calls.every((call) => call.credentials === 'include')).toBe(true);
  });

  it("a failed recovery reads the server's error, then details, then 'HTTP {status}'", async () => {
    const dp = createDataProvider();
    const fail = (body: unknown, status = 422) => {
      stubFetch({ status, body });
      return dp.recoverGame({} as Parameters<typeof dp.recoverGame>[0]).catch((error: unknown) => error);
    };
    expect(failureMessage(await fail({ error: 'finalAmount is not the case value' }))).toBe(
      'finalAmount is not the case value',
    );
    expect(failureMessage(await fail({ details: 'too late' }))).toBe('too late');
    expect(failureMessage(await fail({}, 502))).toBe('HTTP 502');
    expect(failureMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });
});
