// Where GET /api/auth/me spends its time: the real app on SQLite under autocannon, profiled with
// node --cpu-prof, then summed by package.   node --import tsx bench/profileMe.ts
// (The server runs in this process; autocannon runs in a worker so both show as they share the cores.)
import fs from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import autocannon from 'autocannon';
import { createApp } from '../api/src/app.js';
import { createMailer } from '../api/src/mail/mailer.js';
import { dbWithPlayer, ME_LOGIN } from './meTarget.js';

const { dir, db } = await dbWithPlayer('dond-profile-');
const { app } = createApp({
  config: { appUrl: 'http://localhost', trustProxy: undefined },
  db,
  mailer: createMailer({ from: 'bench@localhost', outbox: path.join(dir, 'outbox') }),
  sessionSecret: 'bench-session-secret-0123456789abcdef',
  log: () => undefined,
  rateLimits: { login: { windowMs: 60_000, limit: 1_000_000 } },
});
const server = await new Promise<Server>((resolve) => {
  const s = app.listen(0, '127.0.0.1', () => resolve(s));
});
const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const login = await fetch(`${url}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(ME_LOGIN),
});
const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;

const inspector = new Session();
inspector.connect();
await inspector.post('Profiler.enable');
await inspector.post('Profiler.start');
const result = await autocannon({
  url: `${url}/api/auth/me`,
  connections: 10,
  duration: 8,
  headers: { cookie },
});
const { profile } = (await inspector.post('Profiler.stop')) as {
  profile: {
    nodes: Array<{ id: number; callFrame: { url: string; functionName: string } }>;
    samples: number[];
    timeDeltas: number[];
  };
};
console.log(
  `/api/auth/me: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms (load generator in this process too)`,
);

if (process.env.PROFILE_OUT) fs.writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const spent = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const frame = byId.get(id)!.callFrame;
  const inModules = frame.url.split('node_modules/')[1];
  const where = inModules
    ? inModules
        .split('/')
        .slice(0, inModules.startsWith('@') ? 2 : 1)
        .join('/')
    : frame.url.includes('/api/src/')
      ? `api/src/${frame.url.split('/api/src/')[1]}`
      : frame.url
        ? frame.url.replace(/^.*\//, '')
        : frame.functionName || '(native)';
  const dt = profile.timeDeltas[i] ?? 0;
  spent.set(where, (spent.get(where) ?? 0) + dt);
  total += dt;
});
for (const [where, dt] of [...spent].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
  console.log(`${((dt / total) * 100).toFixed(1).padStart(5)}%  ${where}`);
}
server.close();
await db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
