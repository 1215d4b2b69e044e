// Configuration at start-up: defaults, a clear message naming the variable for each bad value (and exit
// code 1 from the real built server), the first admin, and the session secret kept in the database.
import { execFile, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { LOOPBACK_HOSTS } from './http/hostAllowlist.js';
import { seedFirstAdmin } from './db/seed.js';
import { startTestServer, TestClient, type TestServer } from './testing/testServer.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The latest change under a source folder: its newest non-test .ts file's mtime (ms). */
function newestSource(folder: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env, '/srv/dond');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`no error for ${JSON.stringify(env)}`);
}

// Each bad value, and the line that must name the variable and the rule.
const BAD_VALUES: Array<[env: Record<string, string>, line: string]> = [
  [{ PORT: 'abc' }, 'PORT: PORT must be a number'],
  [{ PORT: '70000' }, 'PORT: PORT must be from 0 to 65535'],
  [{ PORT: '3.5' }, 'PORT: PORT must be a whole number'],
  [
    { DATABASE_URL: 'postgres://x' },
    'DATABASE_URL: DATABASE_URL must be sqlite:<file> or mysql://user:pass@host:port/db',
  ],
  [{ APP_URL: 'ftp://x' }, 'APP_URL: APP_URL must be an http(s) URL such as https://game.example.com'],
  [{ SMTP_URL: 'http://x' }, 'SMTP_URL: SMTP_URL must be an smtp:// or smtps:// URL'],
  [{ REDIS_URL: 'http://x' }, 'REDIS_URL: REDIS_URL must be a redis:// or rediss:// URL'],
  [{ SESSION_SECRET: 'too-short' }, 'SESSION_SECRET: SESSION_SECRET must be at least 32 characters'],
  [
    { NODE_ENV: 'production' },
    'SESSION_SECRET: SESSION_SECRET is required when NODE_ENV=production: set it to a random string of at least 32 characters, for example the output of `openssl rand -base64 48`',
  ],
  [
    { DB_QUERY_TIMEOUT_MS: 'soon' },
    'DB_QUERY_TIMEOUT_MS: DB_QUERY_TIMEOUT_MS must be a number of milliseconds',
  ],
  [{ DB_QUERY_TIMEOUT_MS: '50' }, 'DB_QUERY_TIMEOUT_MS: DB_QUERY_TIMEOUT_MS must be from 100 to 600000 (ms)'],
  [{ ADMIN_USERNAME: 'boss' }, 'ADMIN_PASSWORD: ADMIN_USERNAME and ADMIN_PASSWORD must be set together'],
  [
    { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: '12345' },
    'ADMIN_PASSWORD: Password must be at least 6 characters',
  ],
  [
    { APP_URL: 'https://game.example.com' },
    'TRUST_PROXY: APP_URL is https:// but TRUST_PROXY trusts no proxy',
  ],
  [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY: TRUST_PROXY=true trusts every hop'],
  [
    { STAGE_STREAMS_PER_KEY: '1e3' },
    'STAGE_STREAMS_PER_KEY: STAGE_STREAMS_PER_KEY must be a whole number of streams, from 1 to 1000000',
  ],
  [
    { STAGE_STREAMS_PER_ADDRESS: '0' },
    'STAGE_STREAMS_PER_ADDRESS: STAGE_STREAMS_PER_ADDRESS must be from 1 to 1000000',
  ],
  [
    { AUDIENCE_SOURCE_HOSTS: 'localhost, ws://tikfinity.lan' },
    "AUDIENCE_SOURCE_HOSTS: 'ws://tikfinity.lan' is not a host name, an IP address or a CIDR range",
  ],
  [
    { ADMIN_USERNAME: 'bo', ADMIN_PASSWORD: 'secret123' },
    'ADMIN_USERNAME: Username must be at least 3 characters',
  ],
  [{ NODE_ENV: 'staging' }, 'NODE_ENV:'],
  [
    { LOG_LEVEL: 'verbose' },
    'LOG_LEVEL: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
  ],
];

const STARTS_REFUSED = BAD_VALUES.filter(([env]) =>
  [
    'PORT=abc',
    'DATABASE_URL',
    'APP_URL',
    'TRUST_PROXY',
    'SMTP_URL',
    'SESSION_SECRET',
    'NODE_ENV=production',
    'DB_QUERY_TIMEOUT_MS=soon',
    'ADMIN_USERNAME=boss',
  ].some((key) => {
    const [name, value] = key.split('=');
    return name! in env && (value === undefined || env[name!] === value);
  }),
);

describe('loadConfig', () => {
  it('has working defaults: port 3000, SQLite in data/dond.sqlite under the working folder', () => {
    expect(loadConfig({}, '/srv/dond')).toEqual({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: 'sqlite:/srv/dond/data/dond.sqlite',
      sessionSecret: undefined,
      sessionSecretFile: '/srv/dond/data/session-secret',
      dbQueryTimeoutMs: 5000,
      appUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: 'Deals or No Deals <no-reply@localhost>',
      mailOutbox: '/srv/dond/data/outbox',
      admin: undefined,
      trustProxy: undefined,
      logLevel: 'info',
      audienceSourceHosts: LOOPBACK_HOSTS,
      stageStreams: { perKey: 20, perAddress: 50 },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        PORT: '8080',
        HOST: '127.0.0.1',
        DATABASE_URL: 'mysql://dond:dond@db:3306/dond',
        SESSION_SECRET: 'x'.repeat(32),
        APP_URL: 'https://game.example.com/',
        SMTP_URL: 'smtps://user:pass@mail.example.com:465',
        REDIS_URL: 'redis://cache:6379',
        MAIL_FROM: 'Game <game@example.com>',
        MAIL_OUTBOX: '/var/mail/dond',
        ADMIN_USERNAME: 'boss',
        ADMIN_PASSWORD: 'secret123',
        TRUST_PROXY: 'loopback',
        SESSION_SECRET_FILE: 'secrets/session',
        DB_QUERY_TIMEOUT_MS: '2500',
        LOG_LEVEL: 'debug',
        AUDIENCE_SOURCE_HOSTS: 'tikfinity.internal, 10.8.0.0/16',
        STAGE_STREAMS_PER_KEY: '100',
        STAGE_STREAMS_PER_ADDRESS: '2000',
      },
      '/srv/dond',
    );
    expect(config).toEqual({
      env: 'production',
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'mysql://dond:dond@db:3306/dond',
      sessionSecret: 'x'.repeat(32),
      sessionSecretFile: '/srv/dond/secrets/session',
      dbQueryTimeoutMs: 2500,
      appUrl: 'https://game.example.com',
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      redisUrl: 'redis://cache:6379',
      mailFrom: 'Game <game@example.com>',
      mailOutbox: '/var/mail/dond',
      admin: { username: 'boss', password: 'secret123' },
      trustProxy: 'loopback',
      logLevel: 'debug',
      audienceSourceHosts: expect.objectContaining({ entries: ['tikfinity.internal', '10.8.0.0/16'] }),
      stageStreams: { perKey: 100, perAddress: 2000 },
    });
  });

  it('reads LOG_LEVEL in any case, silent included; empty is the default, info', () => {
    const level = (value: string) => loadConfig({ LOG_LEVEL: value }, '/srv').logLevel;
    expect(level('WARN')).toBe('warn');
    expect(level('silent')).toBe('silent');
    expect(level('')).toBe('info');
  });

  it('reads TRUST_PROXY as Express means it: false, a hop count, or addresses and subnets', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }, '/srv').trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('loopback, 10.0.0.0/8')).toBe('loopback, 10.0.0.0/8');
    expect(trust('linklocal,uniquelocal,192.168.1.4,::1,fd00::/8, 2001:db8::/32 ')).toBe(
      'linklocal, uniquelocal, 192.168.1.4, ::1, fd00::/8, 2001:db8::/32',
    );
  });

  it('refuses TRUST_PROXY=true, which lets any client pick its own address and pass every rate limit', () => {
    const message = configError({ TRUST_PROXY: 'true' });
    expect(message).toContain('  TRUST_PROXY: TRUST_PROXY=true trusts every hop');
    expect(message).toContain('pass every rate limit');
    expect(message).toContain('loopback, linklocal, uniquelocal, IP addresses or CIDR subnets');
  });

  it.each([
    'a;b',
    '10.0.0.0/33',
    '::1/129',
    '10.0.0.0/8/1',
    'proxy.example.com',
    'loopback,',
    '300.1.1.1',
    'TRUE',
  ])('refuses TRUST_PROXY=%j naming the entry and the rule', (value) => {
    const message = configError({ TRUST_PROXY: value });
    expect(message).toMatch(
      /\n {2}TRUST_PROXY: '.*' is not a proxy address: TRUST_PROXY must be false, the number of proxies/,
    );
  });

  it('refuses an https APP_URL with no proxy to trust, naming both variables and why', () => {
    for (const trustProxy of [undefined, 'false', '0']) {
      const message = configError({
        APP_URL: 'https://game.example.com',
        ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
      });
      expect(message, trustProxy).toContain(
        '  TRUST_PROXY: APP_URL is https:// but TRUST_PROXY trusts no proxy',
      );
      expect(message).toContain('never send the Secure session cookie');
    }
    expect(loadConfig({ APP_URL: 'https://game.example.com', TRUST_PROXY: '1' }).appUrl).toBe(
      'https://game.example.com',
    );
    expect(loadConfig({ APP_URL: 'http://game.example.com' }).trustProxy).toBeUndefined();
  });

  it('treats every empty or blank variable as unset: the defaults, never a random port', () => {
    const names = [
      'NODE_ENV',
      'PORT',
      'HOST',
      'DATABASE_URL',
      'SESSION_SECRET',
      'APP_URL',
      'SMTP_URL',
      'REDIS_URL',
      'MAIL_FROM',
      'MAIL_OUTBOX',
      'ADMIN_USERNAME',
      'ADMIN_PASSWORD',
      'TRUST_PROXY',
      'AUDIENCE_SOURCE_HOSTS',
      'STAGE_STREAMS_PER_KEY',
      'STAGE_STREAMS_PER_ADDRESS',
    ];
    const defaults = loadConfig({}, '/srv/dond');
    for (const blank of ['', ' ', '\t']) {
      expect(loadConfig(Object.fromEntries(names.map((name) => [name, blank])), '/srv/dond')).toEqual(
        defaults,
      );
    }
    expect(defaults.port).toBe(3000);
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
    expect(loadConfig({ HOST: '' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: '' }, '/srv/dond').databaseUrl).toBe(
      'sqlite:/srv/dond/data/dond.sqlite',
    );
  });

  it.each(['0x50', '1e3', '8080abc', '80 80'])('refuses PORT=%j, which is no port number', (port) => {
    expect(configError({ PORT: port })).toContain('  PORT: PORT must be a number');
  });

  it('builds the default APP_URL from PORT, resolves a relative SQLite file, and treats empty as unset', () => {
    const config = loadConfig(
      { PORT: '4000', DATABASE_URL: 'sqlite:db/game.sqlite', SMTP_URL: '', APP_URL: '' },
      '/srv/dond',
    );
    expect(config.appUrl).toBe('http://localhost:4000');
    expect(config.databaseUrl).toBe('sqlite:/srv/dond/db/game.sqlite');
    expect(config.smtpUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'mariadb://u:p@h/db' }).databaseUrl).toBe('mariadb://u:p@h/db');
  });

  it.each(BAD_VALUES)('%j: a message naming the variable', (env, line) => {
    const message = configError(env);
    expect(message).toMatch(/^Invalid configuration:\n/);
    expect(message).toContain(`  ${line}`);
  });

  it('lists every bad variable at once', () => {
    const message = configError({ PORT: 'abc', APP_URL: 'ftp://x' });
    expect(message).toContain('PORT: PORT must be a number');
    expect(message).toContain('APP_URL: APP_URL must be an http(s) URL');
  });
});

describe('the built server', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-config-'));
    // The real thing `npm start` runs: shared and api compiled to dist. `npm test` has just built both, so
    // compile only a workspace whose dist is missing or older than its sources (or shared's, for the api).
    const stale = (workspace: string, sources: string[]) => {
      const built = fs.statSync(path.join(ROOT, workspace, 'dist/index.js'), { throwIfNoEntry: false });
      return !built || sources.some((source) => newestSource(path.join(ROOT, source)) > built.mtimeMs);
    };
    const builds: Array<[project: string, stale: boolean]> = [
      ['shared/tsconfig.build.json', stale('shared', ['shared/src'])],
      ['api/tsconfig.build.json', stale('api', ['api/src', 'shared/src'])],
    ];
    for (const [project, needed] of builds) {
      if (!needed) continue;
      const tsc = spawnSync(
        process.execPath,
        [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project],
        {
          cwd: ROOT,
          encoding: 'utf8',
        },
      );
      if (tsc.status !== 0) throw new Error(`tsc -p ${project} failed:\n${tsc.stdout}${tsc.stderr}`);
    }
  }, 180_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  // Only what the test sets: a variable from the shell running the tests must not leak in.
  const baseEnv = () => ({
    PATH: process.env.PATH ?? '',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: `sqlite:${path.join(dir, 'dond.sqlite')}`,
    MAIL_OUTBOX: path.join(dir, 'outbox'),
  });

  /** Runs the server to its end: its exit code and what it printed on stderr. */
  function run(env: Record<string, string>): Promise<{ status: number | null; stderr: string }> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['api/dist/index.js'],
        { cwd: ROOT, env, timeout: 20_000 },
        (error, _stdout, stderr) =>
          resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
      );
    });
  }

  // The values the README names; each start loads the whole server, so not every variant above (and it may take
  // seconds on a loaded machine: the test's limit is the run's own 20 s).
  it.each(STARTS_REFUSED)(
    '%j: prints the message and exits with code 1',
    async (env, line) => {
      const result = await run({ ...baseEnv(), ...env });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('Invalid configuration:');
      expect(result.stderr).toContain(`  ${line}`);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    },
    20_000,
  );

  /** Starts the server and answers its URL and what it printed up to then. */
  async function start(env: Record<string, string>) {
    const child = spawn(process.execPath, ['api/dist/index.js'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within 20 s:\n${out}`)), 20_000);
      child.stdout.on('data', () => {
        const match = /is running at http:\/\/localhost:(\d+)/.exec(out);
        if (match) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${match[1]}`);
        }
      });
      void exited.then((code) => reject(new Error(`exited with ${code}:\n${out}`)));
    });
    const stop = async () => {
      child.kill('SIGTERM');
      return exited;
    };
    return { url, output: () => out, stop };
  }

  it('starts with no configuration, prints the first admin password once, and stops cleanly', async () => {
    const first = await start(baseEnv());
    const password = /Password: (\S+)/.exec(first.output())?.[1];
    expect(first.output()).toContain('Username: admin');
    expect(password).toBeDefined();
    const client = new TestClient(first.url);
    expect((await client.get('/api/health')).status).toBe(200);
    expect((await client.post('/api/auth/login', { username: 'admin', password })).body).toMatchObject({
      username: 'admin',
      isAdmin: true,
    });
    expect(await first.stop()).toBe(0);

    // The database keeps the admin, the secret file beside it the session secret: the next start prints
    // no password, and the session made before the restart is still good.
    const second = await start(baseEnv());
    expect(second.output()).not.toContain('Password:');
    const again = new TestClient(second.url);
    again.cookie = client.cookie;
    expect((await again.get('/api/auth/me')).body.user).toMatchObject({ username: 'admin' });
    expect(await second.stop()).toBe(0);
  }, 60_000);
});

describe('the first admin', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('without ADMIN_USERNAME: creates admin with a random password printed once, and nothing the next time', async () => {
    const printed: string[] = [];
    await seedFirstAdmin(server.db, undefined, Date.now(), (text) => printed.push(text));
    expect(printed).toHaveLength(1);
    const password = /Password: (\S+)/.exec(printed[0]!)?.[1];
    expect(password).toMatch(/^[\w-]{16}$/);
    const login = await server.client().post('/api/auth/login', { username: 'admin', password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ username: 'admin', isAdmin: true });

    await seedFirstAdmin(server.db, undefined, Date.now(), (text) => printed.push(text));
    expect(printed).toHaveLength(1);
    expect((await server.client().post('/api/auth/login', { username: 'admin', password })).status).toBe(200);
  });

  it('with ADMIN_USERNAME and ADMIN_PASSWORD: creates that admin, approved', async () => {
    const printed: string[] = [];
    await seedFirstAdmin(server.db, { username: 'chief', password: 'chief-pass-1' }, Date.now(), (t) =>
      printed.push(t),
    );
    expect(printed).toEqual([]);
    const login = await server
      .client()
      .post('/api/auth/login', { username: 'chief', password: 'chief-pass-1' });
    expect(login.body).toMatchObject({ username: 'chief', isAdmin: true });
  });

  it('with ADMIN_USERNAME of an existing player: makes them an approved admin with that password', async () => {
    await server.createUser({
      username: 'streamer',
      password: 'old-password',
      status: 'disabled',
      expiryDate: Date.now() - 1000,
    });
    await seedFirstAdmin(
      server.db,
      { username: 'Streamer', password: 'new-password' },
      Date.now(),
      () => undefined,
    );
    expect(
      (await server.client().post('/api/auth/login', { username: 'streamer', password: 'old-password' }))
        .status,
    ).toBe(401);
    const login = await server
      .client()
      .post('/api/auth/login', { username: 'streamer', password: 'new-password' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ username: 'streamer', isAdmin: true });
  });
});

describe('the first admin when a player already took the name admin', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('promotes nobody and says what to do', async () => {
    await server.createUser({ username: 'admin', password: 'player-pass' });
    const printed: string[] = [];
    await seedFirstAdmin(server.db, undefined, Date.now(), (text) => printed.push(text));
    expect(printed.join('\n')).toContain('Set ADMIN_USERNAME and ADMIN_PASSWORD');
    expect(
      (await server.client().post('/api/auth/login', { username: 'admin', password: 'player-pass' })).body
        .isAdmin,
    ).toBe(false);
  });
});
