import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, type MailMessage } from './mailer.js';

const message: MailMessage = {
  to: 'player@example.com',
  subject: 'Hello from the banker',
  text: 'The banker is calling.',
  html: '<p>The banker is calling.</p>',
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A real SMTP server on a random local port that keeps what it accepts; `starttls` offers its self-signed TLS. */
async function smtpServer(options: { starttls: boolean }) {
  const received: { from: string; to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    disabledCommands: options.starttls ? [] : ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, received };
}

function tempOutbox(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dond-mailer-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'outbox');
}

describe('createMailer with SMTP_URL', () => {
  it('hands the message to the SMTP server', async () => {
    const smtp = await smtpServer({ starttls: false });
    const outbox = tempOutbox();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Deals or No Deals <no-reply@localhost>',
      outbox,
    });
    expect(mailer.mode).toBe('smtp');
    await mailer.send(message);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({ from: 'no-reply@localhost', to: ['player@example.com'] });
    expect(mail!.raw).toMatch(/^Subject: Hello from the banker$/m);
    expect(mail!.raw).toMatch(/^From: Deals or No Deals <no-reply@localhost>$/m);
    expect(mail!.raw).toContain('The banker is calling.');
    expect(mail!.raw).toContain('<p>The banker is calling.</p>');
    expect(fs.existsSync(outbox)).toBe(false);
  });

  it('reaches a local server whose STARTTLS certificate is self-signed only with ?ignoreTLS=true', async () => {
    const smtp = await smtpServer({ starttls: true });
    const from = 'no-reply@localhost';
    await expect(
      createMailer({ smtpUrl: smtp.url, from, outbox: tempOutbox() }).send(message),
    ).rejects.toThrow();
    await createMailer({ smtpUrl: `${smtp.url}?ignoreTLS=true`, from, outbox: tempOutbox() }).send(message);
    expect(smtp.received.map((m) => m.to)).toEqual([['player@example.com']]);
  });

  it('rejects when the server cannot be reached, so the caller can log it', async () => {
    const smtp = await smtpServer({ starttls: false });
    // Closed again at once: the port is free and refuses connections.
    await cleanups.pop()!();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'no-reply@localhost', outbox: tempOutbox() });
    await expect(mailer.send(message)).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('createMailer without SMTP_URL', () => {
  it('writes each message as an .eml file in the outbox and says where', async () => {
    const outbox = tempOutbox();
    const lines: string[] = [];
    const mailer = createMailer({ from: 'no-reply@localhost', outbox, log: (line) => lines.push(line) });
    expect(mailer.mode).toBe('outbox');
    // Many at once to one address, several in the same millisecond: none may overwrite another.
    const subjects = Array.from({ length: 20 }, (_, i) => `Call number ${i}`);
    await Promise.all(subjects.map((subject) => mailer.send({ ...message, subject })));
    const files = fs.readdirSync(outbox).sort();
    expect(files).toHaveLength(subjects.length);
    const emls = files.map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
    for (const [i, eml] of emls.entries()) {
      expect(files[i]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{16}\.eml$/);
      expect(eml).toMatch(/^To: player@example.com$/m);
      expect(eml).toMatch(/^From: no-reply@localhost$/m);
      expect(eml).toContain('The banker is calling.');
      expect(eml).toContain('<p>The banker is calling.</p>');
    }
    expect(emls.map((eml) => /^Subject: (.*)$/m.exec(eml)?.[1]).sort()).toEqual([...subjects].sort());
    expect(lines.sort()).toEqual(files.map((f) => `Mail written to ${path.join(outbox, f)}`).sort());
  });

  it('keeps an odd recipient from steering the file name out of the outbox', async () => {
    const outbox = tempOutbox();
    const mailer = createMailer({ from: 'no-reply@localhost', outbox });
    await mailer.send({ ...message, to: '"../../evil/x" <a@example.com>' });
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(fs.readdirSync(path.dirname(outbox))).toEqual(['outbox']);
  });

  it('names the file after no part of the address, however long (an address is no file name)', async () => {
    const outbox = tempOutbox();
    const lines: string[] = [];
    const mailer = createMailer({ from: 'no-reply@localhost', outbox, log: (line) => lines.push(line) });
    const to = `${'a'.repeat(300)}@example.com`;
    await mailer.send({ ...message, to });
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).not.toContain('aaaa');
    expect(fs.readFileSync(path.join(outbox, files[0]!), 'utf8')).toContain(to);
    expect(lines.join('\n')).not.toContain('aaaa');
  });
});
