import { sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../src/db/client.ts';
import { processPasswordResetRequests } from '../src/modules/auth/index.ts';
import { currentMailer, dispatchOutbox, type DispatchResult } from '../src/modules/outbox/index.ts';

/**
 * An SMTP server inside the test process: smtp-server receives what the
 * outbox worker sends through nodemailer, mailparser reads it back. `refuseNext(n)` makes the
 * next `n` messages fail with a 451 (the worker must retry); `url` is an SMTP_URL for it.
 */
export interface TestSmtp {
  url: string;
  messages: ParsedMail[];
  /** Raw messages as received (headers included), in the order received. */
  raw: string[];
  refuseNext(n: number): void;
  /** Forgets what was received (messages and raw), e.g. before each test. */
  reset(): void;
  /**
   * Runs the outbox worker's run on `db` at `now` through this server (the queued forgot-password
   * requests, then the dispatch; from
   * 'no-reply@loyalty.test' unless `from`; links on `publicUrl`, default http://localhost).
   */
  dispatch(db: Database, now?: Date, opts?: { from?: string; publicUrl?: string }): Promise<DispatchResult>;
  close(): Promise<void>;
}

/** Empties the outbox of `db` (every message and attempt), e.g. before each test. */
export async function clearOutbox(db: Database): Promise<void> {
  await db.execute(sql`delete from outbox`);
}

/** Starts a TestSmtp on a free port of 127.0.0.1 (no TLS, any login accepted). */
export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const raw: string[] = [];
  let refuse = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuse > 0) {
          refuse--;
          const err = Object.assign(new Error('Try again later: mailbox busy'), { responseCode: 451 });
          return callback(err);
        }
        const text = Buffer.concat(chunks).toString('utf8');
        raw.push(text);
        simpleParser(text).then(
          (mail) => {
            messages.push(mail);
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  const url = `smtp://127.0.0.1:${port}`;
  return {
    url,
    messages,
    raw,
    refuseNext(n) {
      refuse = n;
    },
    reset() {
      messages.length = 0;
      raw.length = 0;
    },
    async dispatch(db, now = new Date(), opts = {}) {
      // As the worker does (main.ts): queued forgot-password requests write their messages first.
      await processPasswordResetRequests(db, { publicUrl: opts.publicUrl ?? 'http://localhost', now });
      const mailer = await currentMailer(db, { smtpUrl: url, smtpFrom: opts.from ?? 'no-reply@loyalty.test', publicUrl: opts.publicUrl ?? 'http://localhost' });
      return dispatchOutbox(db, mailer, now);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
