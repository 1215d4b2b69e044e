import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from '../../mail/mailer.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../testing/testServer.js';
import {
  INVALID_RESET_LINK,
  PASSWORD_RESET_DONE,
  RESET_LINK_SENT,
  RESET_MAIL_SUBJECT,
  RESET_TOKEN_TTL_MS,
} from './passwordReset.service.js';

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on a random local port, plain (no STARTTLS), keeping every message it accepts. */
async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  let gate: Promise<void> = Promise.resolve();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void gate.then(() => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Holds every message from now on until the answer is called. */
    hold(): () => void {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return release;
    },
    mailsTo: (address: string) => received.filter((m) => m.to.includes(address.toLowerCase())),
    /** The count-th mail to the address, once it has arrived. */
    async waitFor(address: string, count = 1): Promise<ReceivedMail> {
      await waitUntil(
        () => received.filter((m) => m.to.includes(address.toLowerCase())).length >= count,
        `mail ${count} to ${address}`,
      );
      return received.filter((m) => m.to.includes(address.toLowerCase()))[count - 1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Undoes quoted-printable: soft line breaks (=\n) and =XX escapes, as a mail client would. */
const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function tokenIn(raw: string, appUrl = 'http://localhost:3000'): string {
  const links = [
    ...decodeQuotedPrintable(raw).matchAll(
      /(https?:\/\/[^\s"'<>]+)\/reset-password\?token=([A-Za-z0-9_-]+)/g,
    ),
  ];
  expect(links.length).toBeGreaterThan(0);
  // The same link in the text, in the HTML and in the HTML's anchor.
  for (const link of links) expect([link[1], link[2]]).toEqual([appUrl, links[0]![2]]);
  return links[0]![2]!;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let smtp: SmtpSink;
let server: TestServer;
let clock = Date.now();
const logs: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({
    now: () => clock,
    mailer: createMailer({
      smtpUrl: smtp.url,
      from: 'Deals or No Deals <no-reply@localhost>',
      outbox: path.join(os.tmpdir(), 'dond-unused-outbox'),
    }),
    log: (message) => logs.push(message),
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});
beforeEach(() => {
  clock = Date.now();
});

const forgot = (email: unknown, target: TestServer = server) =>
  target.client().post('/api/auth/forgot-password', { email });
const verify = (token: string) =>
  server.client().get(`/api/auth/verify-reset-token/${encodeURIComponent(token)}`);
const reset = (token: string, password: string, confirmPassword = password) =>
  server.client().post('/api/auth/reset-password', { token, password, confirmPassword });
const loginStatus = async (username: string, password: string) =>
  (await server.client().post('/api/auth/login', { username, password })).status;

/** Asks for a link for the address and answers the token from the mail that arrives. */
async function requestToken(email: string): Promise<string> {
  const before = smtp.mailsTo(email).length;
  expect((await forgot(email)).status).toBe(200);
  return tokenIn((await smtp.waitFor(email, before + 1)).raw);
}

describe('password reset end to end through a real SMTP server', () => {
  it('mails a link that resets the password once and ends the sessions open before', async () => {
    await server.createUser({ username: 'forgetful', email: 'forgetful@example.com' });
    const before = server.client();
    await before.login('forgetful');

    const asked = await forgot('forgetful@example.com');
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: RESET_LINK_SENT });

    const mail = await smtp.waitFor('forgetful@example.com');
    expect(mail.raw).toMatch(new RegExp(`^Subject: ${RESET_MAIL_SUBJECT}$`, 'm'));
    expect(mail.raw).toMatch(/^Content-Type: text\/plain/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/html/m);
    expect(decodeQuotedPrintable(mail.raw)).toContain('Hello forgetful,');
    const token = tokenIn(mail.raw);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    expect(await verify(token)).toMatchObject({ status: 200, body: { valid: true } });
    const done = await reset(token, 'brand-new-pass');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: PASSWORD_RESET_DONE });

    expect(await loginStatus('forgetful', TEST_PASSWORD)).toBe(401);
    expect(await loginStatus('forgetful', 'brand-new-pass')).toBe(200);

    const again = await reset(token, 'another-pass');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: INVALID_RESET_LINK });
    expect(await verify(token)).toMatchObject({ status: 400, body: { error: INVALID_RESET_LINK } });
    expect(await loginStatus('forgetful', 'another-pass')).toBe(401);

    expect((await before.get('/api/auth/me')).status).toBe(401);
  });

  it('answers an unknown address exactly as a known one, and mails nothing', async () => {
    await server.createUser({ username: 'known_one', email: 'known@example.com' });
    const mailsBefore = smtp.received.length;
    const unknown = await forgot('nobody-here@example.com');
    const known = await forgot('known@example.com');
    expect(unknown.status).toBe(200);
    expect(unknown.text).toBe(known.text);
    await smtp.waitFor('known@example.com');
    expect(smtp.received.length).toBe(mailsBefore + 1);
    expect(smtp.mailsTo('nobody-here@example.com')).toHaveLength(0);
  });

  it('answers before the mail is handed over, so the timing does not tell the address is known', async () => {
    await server.createUser({ username: 'slow_mail', email: 'slow@example.com' });
    const release = smtp.hold();
    try {
      // Bounded, so an answer that waits for the mail fails this test alone instead of holding the sink.
      const res = await Promise.race([
        forgot('slow@example.com'),
        new Promise<null>((resolve) => setTimeout(resolve, 2000, null)),
      ]);
      expect(res?.body).toEqual({ message: RESET_LINK_SENT });
      expect(smtp.mailsTo('slow@example.com')).toHaveLength(0);
    } finally {
      release();
    }
    await smtp.waitFor('slow@example.com');
  });

  it('mails a link to every account with the address, matched regardless of case', async () => {
    await server.createUser({ username: 'twin_one', email: 'Twin@Example.com' });
    await server.createUser({ username: 'twin_two', email: 'twin@example.com' });
    expect((await forgot('TWIN@example.COM')).status).toBe(200);
    await smtp.waitFor('twin@example.com', 2);
    // tokenIn decodes the raw mail itself: decoding twice would turn a 'token=AB…' into a byte.
    const mails = smtp.mailsTo('twin@example.com').map((m) => m.raw);
    const forTwo = mails.find((m) => decodeQuotedPrintable(m).includes('Hello twin_two,'));
    expect(mails.find((m) => decodeQuotedPrintable(m).includes('Hello twin_one,'))).toBeDefined();
    expect((await reset(tokenIn(forTwo!), 'twin-two-new')).status).toBe(200);
    expect(await loginStatus('twin_two', 'twin-two-new')).toBe(200);
    expect(await loginStatus('twin_one', TEST_PASSWORD)).toBe(200);
  });

  it('lets a link expire after one hour', async () => {
    await server.createUser({ username: 'late_one', email: 'late@example.com' });
    const token = await requestToken('late@example.com');
    clock += RESET_TOKEN_TTL_MS - 1;
    expect((await verify(token)).status).toBe(200);
    clock += 1;
    expect(await verify(token)).toMatchObject({ status: 400, body: { error: INVALID_RESET_LINK } });
    expect(await reset(token, 'too-late-pass')).toMatchObject({
      status: 400,
      body: { error: INVALID_RESET_LINK },
    });
    expect(await loginStatus('late_one', TEST_PASSWORD)).toBe(200);
  });

  it('lets exactly one of two concurrent resets with one token win', async () => {
    await server.createUser({ username: 'racer', email: 'racer@example.com' });
    const token = await requestToken('racer@example.com');
    const answers = await Promise.all([reset(token, 'first-pass'), reset(token, 'second-pass')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers[0]!.status === 200 ? 'first-pass' : 'second-pass';
    const loser = winner === 'first-pass' ? 'second-pass' : 'first-pass';
    expect(await loginStatus('racer', winner)).toBe(200);
    expect(await loginStatus('racer', loser)).toBe(401);
  });

  it('spends the user’s older links with the reset', async () => {
    await server.createUser({ username: 'twice', email: 'twice@example.com' });
    const older = await requestToken('twice@example.com');
    const newer = await requestToken('twice@example.com');
    expect(older).not.toBe(newer);
    expect((await verify(older)).status).toBe(200);
    expect((await reset(newer, 'fresh-pass')).status).toBe(200);
    expect(await verify(older)).toMatchObject({ status: 400, body: { error: INVALID_RESET_LINK } });
    expect((await reset(older, 'stale-pass')).status).toBe(400);
  });

  it('stores only the token’s hash, with its one-hour expiry', async () => {
    const user = await server.createUser({ username: 'hashed', email: 'hashed@example.com' });
    const token = await requestToken('hashed@example.com');
    const rows = await server.db('reset_tokens').where({ user_id: user.id });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0].token_hash).toBe(sha256(token));
    expect(Number(rows[0].expires_at) - Number(rows[0].created_at)).toBe(RESET_TOKEN_TTL_MS);
    expect(Number(rows[0].created_at)).toBe(clock);
    expect(rows[0].used_at).toBeNull();
  });
});

describe('validation', () => {
  it('names the field and the rule', async () => {
    for (const email of [undefined, '', 'not-an-email', 'x@']) {
      const res = await forgot(email);
      expect(res.status, String(email)).toBe(400);
      expect(res.body).toEqual({ error: 'Please enter a valid email address', field: 'email' });
    }
    expect((await reset('whatever', '12345')).body).toEqual({
      error: 'Password must be at least 6 characters',
      field: 'password',
    });
    expect((await reset('whatever', '123456', '1234567')).body).toEqual({
      error: "Passwords don't match",
      field: 'confirmPassword',
    });
    expect(
      (
        await server
          .client()
          .post('/api/auth/reset-password', { password: 'secret1', confirmPassword: 'secret1' })
      ).body,
    ).toEqual({
      error: 'token is required',
      field: 'token',
    });
  });

  it('refuses a token nobody was sent', async () => {
    expect(await verify('made-up-token')).toMatchObject({ status: 400, body: { error: INVALID_RESET_LINK } });
    expect(await reset('made-up-token', 'secret12')).toMatchObject({
      status: 400,
      body: { error: INVALID_RESET_LINK },
    });
  });
});

describe('forgot-password rate limit', () => {
  it('answers 429 with Retry-After once an address asks too often', async () => {
    const limited = await startTestServer({ rateLimits: { forgotPassword: { windowMs: 60_000, limit: 2 } } });
    try {
      expect((await forgot('a@example.com', limited)).status).toBe(200);
      expect((await forgot('b@example.com', limited)).status).toBe(200);
      const refused = await forgot('c@example.com', limited);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(refused.body.error).toMatch(/^Too many password reset attempts/);
    } finally {
      await limited.close();
    }
  });
});

describe('mail that cannot be sent', () => {
  it('is logged, and the caller gets the very same answer', async () => {
    // A port nothing listens on: the SMTP connection is refused.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));

    const failures: { message: string; error: unknown }[] = [];
    const broken = await startTestServer({
      mailer: createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'x@localhost',
        outbox: path.join(os.tmpdir(), 'dond-unused-outbox'),
      }),
      log: (message, error) => failures.push({ message, error }),
    });
    try {
      await broken.createUser({ username: 'unlucky', email: 'unlucky@example.com' });
      const res = await forgot('unlucky@example.com', broken);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: RESET_LINK_SENT });
      await waitUntil(() => failures.length > 0, 'the failure to be logged');
      expect(failures[0]!.message).toMatch(/password reset mail for user \d+ could not be sent/);
      expect(String(failures[0]!.error)).toMatch(/ECONNREFUSED/);
    } finally {
      await broken.close();
    }
  });
});

describe('the outbox, when there is no SMTP server', () => {
  it('writes the mail as an .eml file and prints the link through the log', async () => {
    const printed: string[] = [];
    const laptop = await startTestServer({ log: (message) => printed.push(message) });
    try {
      await laptop.createUser({ username: 'laptop_user', email: 'laptop@example.com' });
      expect((await forgot('laptop@example.com', laptop)).body).toEqual({ message: RESET_LINK_SENT });
      const emlFiles = () => fs.readdirSync(laptop.outbox).filter((f) => f.endsWith('.eml'));
      await waitUntil(() => emlFiles().length === 1, 'the .eml file');
      await waitUntil(() => printed.length > 0, 'the printed link');
      const eml = fs.readFileSync(path.join(laptop.outbox, emlFiles()[0]!), 'utf8');
      expect(eml).toMatch(/^To: laptop@example.com$/m);
      const token = tokenIn(eml);
      expect(printed).toContain(
        `Password reset link for laptop_user: http://localhost:3000/reset-password?token=${token}`,
      );
      expect((await laptop.client().get(`/api/auth/verify-reset-token/${token}`)).body).toEqual({
        valid: true,
      });
    } finally {
      await laptop.close();
    }
  });
});
