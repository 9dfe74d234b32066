import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Busboy from '@fastify/busboy';
import { displayFileName, FORM_FILE_MAX_BYTES, FORM_FILE_QUESTIONS } from '../../../common/forms/files.ts';
import { AppError } from '../../errors.ts';
import type { MediaStorage } from '../../media/storage.ts';

/**
 * A form post with files (multipart/form-data), read as it streams in: text fields kept (bounded in
 * number and size), each file written to a scratch file in the form-file storage, never held in
 * memory. A file past the media limit is cut off and marked, so the form can say so at its field
 * instead of failing the request. The page's form post and the JSON API both come through here.
 */

/** A file as received: where its bytes wait, its size, the name the client gave it (cleaned). */
export type ReceivedFile = { path: string; size: number; fileName: string; isTooLarge: boolean };

export type ReceivedPost = {
  fields: [string, string][];
  /** Per field name, the first file sent under it. */
  files: Map<string, ReceivedFile>;
  /** Every scratch file made: the caller removes them when the request is over. */
  scratch: string[];
};

const LIMITS = {
  fields: 600,
  fieldSize: 20_000,
  fieldNameSize: 100,
  files: FORM_FILE_QUESTIONS,
  // One byte more than allowed, so a file of exactly the limit is not taken for too large.
  fileSize: FORM_FILE_MAX_BYTES + 1,
  parts: 700,
  headerPairs: 100,
} as const;

/** The most a whole post may hold: every file at its limit, and room for the answers. */
export const MAX_FORM_POST_BYTES = FORM_FILE_QUESTIONS * (FORM_FILE_MAX_BYTES + 64 * 1024) + 16 * 1024 * 1024;

export const isMultipart = (contentType: string | undefined) =>
  /^multipart\/form-data\b/i.test(contentType ?? '');

export async function receiveFormPost(
  body: Readable,
  headers: IncomingHttpHeaders,
  storage: MediaStorage,
): Promise<ReceivedPost> {
  const post: ReceivedPost = { fields: [], files: new Map(), scratch: [] };
  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({ headers: headers as IncomingHttpHeaders & { 'content-type': string }, limits: LIMITS });
  } catch (error) {
    throw new AppError('bad_request', `the multipart body could not be read: ${(error as Error).message}`);
  }
  const writes: Promise<void>[] = [];
  parser.on('field', (name, value, nameTruncated, valueTruncated) => {
    if (nameTruncated || valueTruncated) return;
    post.fields.push([name, value]);
  });
  parser.on('file', (name, stream, fileName) => {
    if (post.files.has(name)) {
      stream.resume();
      return;
    }
    const work = (async () => {
      const target = await storage.tempPath();
      post.scratch.push(target);
      let isTooLarge = false;
      stream.on('limit', () => {
        isTooLarge = true;
      });
      await pipeline(stream, createWriteStream(target));
      const size = stream.bytesRead;
      // An empty file input still sends a part: no name and no bytes is no answer.
      if (size === 0 && !fileName) {
        await rm(target, { force: true });
        return;
      }
      if (isTooLarge || stream.truncated || size > FORM_FILE_MAX_BYTES) {
        isTooLarge = true;
        await rm(target, { force: true });
      }
      post.files.set(name, { path: target, size, fileName: displayFileName(fileName), isTooLarge });
    })();
    writes.push(work);
  });
  let total = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > MAX_FORM_POST_BYTES) {
        callback(
          new AppError('payload_too_large', `a form post may be at most ${MAX_FORM_POST_BYTES} bytes`),
        );
        return;
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, parser);
    await Promise.all(writes);
  } catch (error) {
    await Promise.allSettled(writes);
    await removeScratch(post);
    if (error instanceof AppError || (error as { syscall?: unknown }).syscall !== undefined) throw error;
    throw new AppError('bad_request', `the multipart body could not be read: ${(error as Error).message}`);
  }
  return post;
}

export async function removeScratch(post: Pick<ReceivedPost, 'scratch'>): Promise<void> {
  await Promise.all(post.scratch.map((file) => rm(file, { force: true })));
}
