import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { db, type Executor } from '~/db/client.server';
import { siteSettings } from '~/db/schema/content';
import { env } from '~/lib/env.server';
import { log } from '~/lib/log.server';
import type { MailContent, Sender } from './templates';

/**
 * The delivery step of the site's mail (docs/architecture/mail.md): SMTP when SMTP_URL is set,
 * otherwise an RFC 822 `.eml` file per message in DATA_DIR/mail/, its file name in the log. Outside
 * production the log line also lists the subject and the links, so every flow can be followed
 * locally; never the address (docs/architecture/logs.md). Transactional mail reaches it only
 * through the outbox (./outbox.server.ts: features call `enqueueMail` in their transaction);
 * messages to members through the mailing job (features/mailings/sender.server.ts).
 *
 * It imports no other feature (ADR 002).
 */
export type OutgoingMail = Omit<MailContent, 'links'> & {
  to: string;
  /** Extra headers, e.g. List-Unsubscribe on messages to members (RFC 8058). */
  headers?: Record<string, string>;
  /** A fixed Message-ID (without <>), so a message sent again after a crash is known as the same one. */
  messageId?: string;
};

let smtpTransport: { url: string; transport: Transporter } | undefined;

/** Where mails go as `.eml` files when no SMTP server is configured. */
export function mailFolder(): string {
  return path.join(env().dataDir, 'mail');
}

/**
 * Who the mail is from, as people see it: the association's name from the site settings. Inside a
 * transaction, pass it: the embedded database answers nothing else until the transaction ends.
 */
export async function mailSender(executor: Executor = db()): Promise<Sender> {
  const [row] = await executor.select({ associationName: siteSettings.associationName }).from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  return { associationName: row?.associationName ?? "Past Pupils' Association" };
}

function fromAddress(sender: Sender): string {
  const configured = env().mailFrom;
  if (configured) return configured;
  const host = new URL(env().publicUrl).hostname;
  const domain = host.includes('.') ? host : 'localhost.localdomain';
  return `"${sender.associationName.replace(/"/g, "'")}" <no-reply@${domain}>`;
}

/**
 * Bounds on one SMTP conversation, so a mail server that accepts a connection and then says nothing
 * cannot hold a message past the outbox's lease (./outbox.server.ts).
 */
const smtpTimeouts = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

export async function sendMail(mail: OutgoingMail): Promise<void> {
  const sender = await mailSender();
  const message = {
    from: fromAddress(sender),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments,
    headers: mail.headers,
    messageId: mail.messageId ? `<${mail.messageId}>` : undefined,
  };
  const config = env();
  if (config.smtpUrl) {
    if (smtpTransport?.url !== config.smtpUrl) {
      smtpTransport = { url: config.smtpUrl, transport: nodemailer.createTransport({ url: config.smtpUrl, ...smtpTimeouts }) };
    }
    await smtpTransport.transport.sendMail(message);
    return;
  }
  const rendered = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(message);
  const folder = mailFolder();
  // Owner-only: these mails hold verification and password-reset links.
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(folder, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
  await writeFile(file, rendered.message as Buffer, { mode: 0o600 });
  if (config.isProduction) log.info({ file: path.basename(file) }, 'Mail written to the mail folder');
  else {
    const links = [...new Set(mail.text.match(/https?:\/\/\S+/g) ?? [])];
    log.info({ file: path.relative(process.cwd(), file), subject: mail.subject, links }, 'Mail written to the mail folder');
  }
}
