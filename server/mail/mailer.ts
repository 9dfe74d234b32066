import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type Nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export type MailMessage = { to: string; subject: string; text: string; html?: string | undefined };

export type Mailer = { send(message: MailMessage): Promise<void>; close(): void };

/**
 * A transport made on the first message: nodemailer is loaded then, not at start-up (issue 12).
 * close() closes it when it was made and does nothing otherwise.
 */
function lazyTransport<T extends { close(): void }>(make: (nodemailer: typeof Nodemailer) => T) {
  let transport: Promise<T> | undefined;
  let made: T | undefined;
  return {
    get: () =>
      (transport ??= import('nodemailer').then((module) => {
        made = make(module.default);
        return made;
      })),
    close: () => made?.close(),
  };
}

/**
 * Mail through SMTP_URL, or without it into DATA_DIR/outbox/ as .eml files (logged), so a fresh
 * install works and a developer can open what would have been sent.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'dataDir' | 'platformMailFrom'>,
  log: FastifyBaseLogger,
): Mailer {
  const from = config.platformMailFrom;
  const { smtpUrl } = config;
  if (smtpUrl) {
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport(smtpUrl));
    return {
      async send(message) {
        await (await transport.get()).sendMail({ from, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: transport.close,
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message) {
      const info = await (await transport.get()).sendMail({ from, ...message });
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
    close: transport.close,
  };
}
