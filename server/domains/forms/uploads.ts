import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Busboy from '@fastify/busboy';
import { displayFileName, FORM_FILE_MAX_BYTES, FORM_FILE_QUESTIONS } from '../../../common/forms/files.ts';
import type { PublicFormView } from '../../../common/forms/public.ts';
import { acceptsSubmissions } from '../../../common/forms/settings.ts';
import type { BlockView, PageView } from '../../../common/site.ts';
import { AppError } from '../../errors.ts';
import { MULTIPART_OVERHEAD_BYTES, type UploadAllowance } from '../../http/upload-gate.ts';
import type { ScratchLease } from '../../media/scratch.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { Ctx } from '../context.ts';
import { getPublicForm } from './index.ts';

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
  /** Their bytes in the node's scratch space, given back when they are removed. */
  lease: ScratchLease;
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

/** Room for a post's answers beside its files; also the most a page's form post without files may hold. */
export const FORM_ANSWERS_MAX_BYTES = 16 * 1024 * 1024;

/** The most a post to a form with this many file questions may hold: each file at its limit, and the answers. */
export const formPostLimit = (fileQuestions: number) =>
  fileQuestions * (FORM_FILE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) + FORM_ANSWERS_MAX_BYTES;

/** The most any form post may hold (the most file questions a form may have). */
export const MAX_FORM_POST_BYTES = formPostLimit(FORM_FILE_QUESTIONS);

export const isMultipart = (contentType: string | undefined) =>
  /^multipart\/form-data\b/i.test(contentType ?? '');

export async function receiveFormPost(
  body: Readable,
  headers: IncomingHttpHeaders,
  storage: MediaStorage,
  /** Its part of the node's scratch space (server/http/upload-gate.ts). */
  lease: ScratchLease,
): Promise<ReceivedPost> {
  const post: ReceivedPost = { fields: [], files: new Map(), scratch: [], lease };
  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({ headers: headers as IncomingHttpHeaders & { 'content-type': string }, limits: LIMITS });
  } catch (error) {
    throw new AppError('bad_request', `the multipart body could not be read: ${(error as Error).message}`);
  }
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
  const writes: Promise<void>[] = [];
  /** File parts still streaming in: a body that fails halfway ends them, or their writes would wait forever. */
  const open = new Set<Readable>();
  parser.on('field', (name, value, nameTruncated, valueTruncated) => {
    if (nameTruncated || valueTruncated) return;
    post.fields.push([name, value]);
  });
  parser.on('file', (name, stream, fileName) => {
    if (post.files.has(name)) {
      stream.resume();
      return;
    }
    open.add(stream);
    stream.once('end', () => open.delete(stream));
    const work = (async () => {
      const target = await storage.tempPath();
      post.scratch.push(target);
      let isTooLarge = false;
      stream.on('limit', () => {
        isTooLarge = true;
      });
      // Counted against the node's scratch cap before each chunk is written.
      await pipeline(stream, post.lease.meter(), createWriteStream(target));
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
    // A write that fails (the scratch cap, the disk) fails the whole post at once.
    work.catch((error: unknown) => counter.destroy(error as Error));
    writes.push(work);
  });
  try {
    await pipeline(body, counter, parser);
    await Promise.all(writes);
  } catch (error) {
    for (const stream of open) stream.destroy(error as Error);
    await Promise.allSettled(writes);
    await removeScratch(post);
    if (error instanceof AppError || (error as { syscall?: unknown }).syscall !== undefined) throw error;
    throw new AppError('bad_request', `the multipart body could not be read: ${(error as Error).message}`);
  }
  return post;
}

export async function removeScratch(post: Pick<ReceivedPost, 'scratch' | 'lease'>): Promise<void> {
  await Promise.all(post.scratch.map((file) => rm(file, { force: true })));
  post.lease.release();
}

/**
 * Who may send files to a form, decided before a byte of the post is read (issue 34): a form whose
 * current version has a file question, open, and for this visitor; up to the size its file
 * questions allow. Refusals are the ones its submission would get.
 */
export function formUploadAllowance(ctx: Pick<Ctx, 'user'>, form: PublicFormView): UploadAllowance {
  const files = fileQuestionsOf(form);
  if (files === 0) throw new AppError('upload_not_accepted', 'the form has no file question');
  if (ctx.user && !ctx.user.isActive) throw new AppError('account_inactive');
  switch (form.barrier) {
    case null:
      break;
    case 'signIn':
      throw new AppError('unauthorized');
    case 'full':
      throw new AppError('form_full');
    case 'alreadySubmitted':
      throw new AppError('already_submitted');
    default:
      throw new AppError('forbidden', `not for this visitor: ${form.barrier}`);
  }
  if (!acceptsSubmissions(form.availability)) throw new AppError('form_closed');
  return { maxBytes: formPostLimit(files) };
}

const fileQuestionsOf = (form: PublicFormView) =>
  form.definition.fields.filter((field) => field.kind === 'file').length;

/** The JSON API's multipart submission: the form named in its path. */
export async function apiUploadAllowance(
  ctx: Pick<Ctx, 'db' | 'actor' | 'locale' | 'user'>,
  formGuid: string,
  browserCookie: string | undefined,
): Promise<UploadAllowance> {
  const form = await getPublicForm(ctx, formGuid, { browserCookie });
  if (!form) throw new AppError('not_found', 'form not found');
  return formUploadAllowance(ctx, form);
}

const isFormBlock = (block: BlockView): block is Extract<BlockView, { name: 'form' }> =>
  block.name === 'form';

const formsOf = (view: PageView): PublicFormView[] =>
  [...view.blocks, ...view.headerBlocks, ...view.footerBlocks].flatMap((block) =>
    isFormBlock(block) && block.data?.form ? [block.data.form] : [],
  );

/**
 * A post to a page of the site (a form block's form): the page as this visitor gets it, with its
 * forms filled for them (`view`, null where no published page is). Files are taken for the forms
 * on it that have a file question and take this visitor's submission now, up to the largest limit
 * among them; a post that names another form gets no files (web.ts). Where no form on the page
 * has a file question, `415 upload_not_accepted`; where none takes this visitor, the first one's
 * refusal.
 */
export function pageUploadAllowance(
  ctx: Pick<Ctx, 'user'>,
  view: PageView | null,
): UploadAllowance & { formGuids: Set<string> } {
  const forms = view ? formsOf(view).filter((form) => fileQuestionsOf(form) > 0) : [];
  if (forms.length === 0) throw new AppError('upload_not_accepted', 'no form on this page takes files');
  const formGuids = new Set<string>();
  let maxBytes = 0;
  let refusal: unknown = null;
  for (const form of forms) {
    try {
      maxBytes = Math.max(maxBytes, formUploadAllowance(ctx, form).maxBytes);
      formGuids.add(form.guid);
    } catch (error) {
      refusal ??= error;
    }
  }
  if (formGuids.size === 0) throw refusal;
  return { maxBytes, formGuids };
}
