import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** 'smtp': handed to an SMTP server; 'outbox': only written to a folder, so nobody receives it. */
export type MailMode = 'smtp' | 'outbox';

export interface Mailer {
  readonly mode: MailMode;
  send(message: MailMessage): Promise<void>;
}

/**
 * Mail through nodemailer: over SMTP when SMTP_URL is set, otherwise each message becomes an .eml file in the
 * outbox folder, so the reset flow works on a laptop with nothing else running. nodemailer reads options from
 * the URL's query, so a local server that offers STARTTLS with a self-signed certificate takes `?ignoreTLS=true`.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outbox: string;
  log?: (line: string) => void;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      mode: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outbox, { recursive: true });
      // The name is a time and a random id, never anything of the message: an address can be longer than a
      // file name may be, or steer it out of the folder. The random part keeps two mails of one millisecond apart.
      const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(8).toString('hex')}`;
      const file = path.join(options.outbox, `${stamp}.eml`);
      // Written aside and renamed, so the .eml never shows up half written (to a reader, or a test, that
      // lists the folder while the mail is still being written).
      await fs.writeFile(`${file}.partial`, info.message as Buffer);
      await fs.rename(`${file}.partial`, file);
      // The address stays out of the log: it is in the file.
      options.log?.(`Mail written to ${file}`);
    },
  };
}
