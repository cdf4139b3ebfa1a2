import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { DbOrTx } from '../../db/client.ts';
import { getPlatformSettings } from '../settings/index.ts';

/** One message as the SMTP server receives it. */
interface MailMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** What hands a message to an SMTP server: resolves when the server accepted it, rejects with its refusal. */
export interface Mailer {
  /** The sender address messages go out with. */
  from: string;
  send(message: MailMessage): Promise<void>;
}

/** Where the outbox worker gets its SMTP settings: SMTP_URL/SMTP_FROM (config.smtp) and the public URL for the default sender. */
export interface MailerSettings {
  smtpUrl: string | undefined;
  smtpFrom: string | undefined;
  publicUrl: string;
}

/** Seconds nodemailer waits to connect, for the greeting and on an idle socket: a stuck server fails the attempt, which is retried. */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * The mailer of this dispatch run (docs/product.md 'E-mail', ADR 0018): SMTP_URL when set (it wins),
 * else the operator's SMTP settings (Platform Settings: host, port, username, password, from
 * address) read now, so a change there is used by the next run without a restart. Null when
 * neither names a host: the outbox then marks its due messages 'not sent: no SMTP configured'.
 * Port 465 speaks TLS from the start; other ports upgrade with STARTTLS when the server offers it.
 */
export async function currentMailer(db: DbOrTx, settings: MailerSettings): Promise<Mailer | null> {
  const fallbackFrom = `no-reply@${new URL(settings.publicUrl).hostname}`;
  if (settings.smtpUrl) {
    const timeouts: SMTPTransport.Options = { connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS };
    const transport = nodemailer.createTransport(settings.smtpUrl, timeouts);
    return mailerOf(transport, settings.smtpFrom ?? fallbackFrom);
  }
  const { smtp } = await getPlatformSettings(db);
  if (!smtp.host) return null;
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    auth: smtp.username ? { user: smtp.username, pass: smtp.password } : undefined,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return mailerOf(transport, settings.smtpFrom ?? (smtp.fromEmail || fallbackFrom));
}

function mailerOf(transport: Transporter, from: string): Mailer {
  return {
    from,
    async send(m) {
      await transport.sendMail({ from: m.from, to: m.to, subject: m.subject, html: m.html, text: m.text, headers: m.headers });
    },
  };
}
