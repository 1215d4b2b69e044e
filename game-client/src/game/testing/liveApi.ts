import { meResponseSchema, type CurrentUser } from '@dond/shared';
import { startTestServer, type TestServer } from '../../../../api/src/testing/testServer';
import { TcpProxy } from '../../../../api/src/testing/tcpProxy';
import { serverTransport, type ApiTransport } from '../../api/request';
import { liveGames } from '../controller';
import { timedGame, type CountedRequests, type TimedGame } from './timedGame';

/**
 * The real API (as api/src/testing starts it: a real server on a free port over a fresh database) for the
 * client's headless tests: a signed-in player's live game, played by the controller over real HTTP.
 */
export interface LiveApi {
  server: TestServer;
  /** A new signed-in player's game on a manual clock; through `proxy` when the connection is to be cut. */
  liveGame(options?: {
    proxy?: TcpProxy;
    /** Each answer of the server's to the game's requests, as it arrives (what a stage's stream is pushed). */
    onAnswer?: (url: string, body: unknown) => void;
  }): Promise<LiveTimedGame>;
  /** A proxy to the server that a test can cut (the player's connection lost) and restore. */
  proxy(): Promise<TcpProxy>;
  close(): Promise<void>;
}

/** A live game on a manual clock, and who plays it: their session's cookie, their user as the API says. */
export interface LiveTimedGame extends TimedGame {
  cookie: string;
  user: CurrentUser;
}

/** A transport that counts what goes through it: every request sent, and those not answered yet. */
export function counted(
  inner: ApiTransport,
  onAnswer: (url: string, body: unknown) => void = () => {},
): ApiTransport & CountedRequests {
  let sent = 0;
  let open = 0;
  return {
    sent: () => sent,
    open: () => open,
    async fetch(url, init) {
      sent++;
      open++;
      try {
        const res = await inner.fetch(url, init);
        // The body too: the answer is only there once it is read.
        const body = [204, 205, 304].includes(res.status) ? null : await res.arrayBuffer();
        if (res.ok && body && res.headers.get('content-type')?.includes('json'))
          onAnswer(url, JSON.parse(new TextDecoder().decode(body)));
        return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
      } finally {
        open--;
      }
    },
  };
}

export async function startLiveApi(): Promise<LiveApi> {
  const server = await startTestServer({ sqlite: true });
  const proxies: TcpProxy[] = [];
  return {
    server,
    async liveGame({ proxy, onAnswer } = {}) {
      const { client } = await server.signedIn('timings');
      const cookie = client.cookie!;
      const base = proxy ? proxy.rewrite(server.url) : server.url;
      const api = counted(serverTransport(base, cookie), onAnswer);
      const { user } = meResponseSchema.parse((await client.get('/api/auth/me')).body);
      return { ...timedGame({ link: liveGames({ api }), requests: api }), cookie, user: user! };
    },
    async proxy() {
      const url = new URL(server.url);
      const proxy = await TcpProxy.start({ host: url.hostname, port: Number(url.port) });
      proxies.push(proxy);
      return proxy;
    },
    async close() {
      await Promise.all(proxies.map((p) => p.close()));
      await server.close();
    },
  };
}
