import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export type MailMessage = { to: string; subject: string; text: string; html?: string | undefined };

export type Mailer = { send(message: MailMessage): Promise<void>; close(): void };

/**
 * Mail through SMTP_URL, or without it into DATA_DIR/outbox/ as .eml files (logged), so a fresh
 * install works and a developer can open what would have been sent.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'dataDir' | 'platformMailFrom'>,
  log: FastifyBaseLogger,
): Mailer {
  const from = config.platformMailFrom;
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      log.info(
        { to: message.to, subject: message.subject, file },
        'mail written to the outbox (no SMTP_URL)',
      );
    },
    close: () => transport.close(),
  };
}
