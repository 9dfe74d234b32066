import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FORM_LIMITS } from '../../../common/forms/definition.ts';
import { FORM_FILE_MAX_BYTES } from '../../../common/forms/files.ts';
import { FORM_PROOF } from '../../../common/forms/public.ts';
import { FORM_SURVEY_COOKIE, FORM_SURVEY_COOKIE_DAYS } from '../../../common/forms/settings.ts';
import * as forms from '../../domains/forms/index.ts';
import { dashboard, exportVersion } from '../../domains/forms/results.ts';
import {
  apiUploadAllowance,
  type ReceivedPost,
  receiveFormPost,
  removeScratch,
} from '../../domains/forms/uploads.ts';
import { AppError } from '../../errors.ts';
import { uploadLeaseOf } from '../../http/upload-gate.ts';
import { scratchSpaceFor } from '../../media/scratch.ts';
import { createFormFileStorage, createMediaStorage } from '../../media/storage.ts';
import { errorResponseSchema, errorResponses, guidSchema, pagedSchema } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import {
  countSchema,
  createFormBody,
  dashboardSchema,
  dayRangeQuery,
  duplicateFormBody,
  formChallengeSchema,
  formGuidParams,
  formSchema,
  formSummarySchema,
  formTableQuery,
  formVersionSchema,
  handleBody,
  publicFormSchema,
  submissionIdsBody,
  submissionPageSchema,
  submissionParams,
  submissionSchema,
  submissionTableQuery,
  submitBody,
  submitResult,
  updateFormBody,
  versionParams,
} from './schema.ts';

const SUBMISSIONS_URL = '/api/forms/:guid/submissions';
/** The multipart part that holds a submission's JSON body (files come in parts named by question key). */
const MULTIPART_SUBMISSION_FIELD = 'submission';

/** `attachment` with the stored name (ASCII fallback and the UTF-8 name, RFC 6266). */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16)}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const adminErrors = {
  ...errorResponses,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
};

/**
 * The browser's form-survey cookie (SPEC 9, required): a random value that lets a visitor's browser
 * be told apart for "one submission per person", set when a visitor first submits a form.
 */
export function formSurveyCookie(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[FORM_SURVEY_COOKIE];
  if (existing && forms.browserTokenOf(existing)) return existing;
  const value = forms.newBrowserCookie();
  reply.setCookie(FORM_SURVEY_COOKIE, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: FORM_SURVEY_COOKIE_DAYS * 86_400,
  });
  return value;
}

/** Forms (issues 11, 34): building and publishing (admins, the form's owner and editor roles), filling in, results. */
export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  const fileStorage = createFormFileStorage(app.config);
  const scratch = scratchSpaceFor(app.config);
  // A file question mapped to a list item's image copies that image into the public media storage.
  const mediaStorage = createMediaStorage(app.config);
  /** The files of a multipart submission, by request, until the response has gone. */
  const received = new WeakMap<FastifyRequest, ReceivedPost>();

  // A submission with files comes as multipart/form-data (only on POST …/submissions): a part
  // `submission` holds the JSON body, and each file question's file comes in a part named by its key.
  app.addContentTypeParser('multipart/form-data', async (request: FastifyRequest, payload: Readable) => {
    if (request.method !== 'POST' || request.routeOptions.url !== SUBMISSIONS_URL) {
      throw new AppError('unsupported_media_type', 'multipart/form-data only for a submission');
    }
    const lease = uploadLeaseOf(request) ?? scratch.lease();
    const post = await receiveFormPost(payload, request.headers, fileStorage, lease);
    received.set(request, post);
    const json = post.fields.find(([name]) => name === MULTIPART_SUBMISSION_FIELD)?.[1];
    try {
      return JSON.parse(json ?? '') as unknown;
    } catch {
      throw new AppError('bad_request', `expected JSON in the multipart field ${MULTIPART_SUBMISSION_FIELD}`);
    }
  });
  // Scratch files go when the answer has gone, or the connection did (an aborted request too).
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.once('close', () => {
      const post = received.get(request);
      if (post) void removeScratch(post);
    });
  });

  app.get(
    '/api/forms',
    {
      schema: {
        tags: ['forms'],
        summary: 'Forms, server-paged (admins: all; content managers: those they own or have by role)',
        querystring: formTableQuery,
        response: { 200: pagedSchema(formSummarySchema).meta({ id: 'FormPage' }), ...adminErrors },
      },
    },
    async (request) => forms.listForms(contextOf(request), request.query),
  );

  app.post(
    '/api/forms',
    {
      schema: {
        tags: ['forms'],
        summary: 'Create a form (admins); its questions start as a draft',
        body: createFormBody,
        response: { 201: formSchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await forms.addForm(contextOf(request), request.body)),
  );

  app.get(
    '/api/forms/:guid',
    {
      schema: {
        tags: ['forms'],
        summary: 'A form for its builder: draft, settings, versions, the pages it is on',
        params: formGuidParams,
        response: { 200: formSchema, ...adminErrors },
      },
    },
    async (request) => forms.getForm(contextOf(request), request.params.guid),
  );

  app.put(
    '/api/forms/:guid',
    {
      schema: {
        tags: ['forms'],
        summary: 'Change the title, the settings or the draft questions (published versions never change)',
        params: formGuidParams,
        body: updateFormBody,
        response: { 200: formSchema, ...adminErrors },
      },
    },
    async (request) => forms.changeForm(contextOf(request), request.params.guid, request.body),
  );

  app.delete(
    '/api/forms/:guid',
    {
      schema: {
        tags: ['forms'],
        summary: 'Delete a form with its versions and submissions (admins)',
        params: formGuidParams,
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await forms.removeForm(contextOf(request), request.params.guid);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/forms/:guid/duplicate',
    {
      schema: {
        tags: ['forms'],
        summary: 'Copy a form: its draft and settings, unpublished, without submissions (admins)',
        params: formGuidParams,
        body: duplicateFormBody,
        response: { 201: formSchema, ...adminErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await forms.copyForm(contextOf(request), request.params.guid, request.body)),
  );

  app.post(
    '/api/forms/:guid/publish',
    {
      schema: {
        tags: ['forms'],
        summary: 'Publish the draft as the next immutable version; visitors fill in the newest',
        params: formGuidParams,
        response: { 200: formSchema, ...adminErrors },
      },
    },
    async (request) => forms.publish(contextOf(request), request.params.guid),
  );

  app.get(
    '/api/forms/:guid/versions/:version',
    {
      schema: {
        tags: ['forms'],
        summary: 'A published version: the questions its submissions answered',
        params: versionParams,
        response: { 200: formVersionSchema, ...adminErrors },
      },
    },
    async (request) => forms.getVersion(contextOf(request), request.params.guid, request.params.version),
  );

  app.put(
    '/api/forms/:guid/versions/:version',
    {
      schema: {
        tags: ['forms'],
        summary: 'Published versions are immutable: always 409 version_published (change the draft instead)',
        params: versionParams,
        body: z.unknown(),
        response: { ...adminErrors },
      },
    },
    async (request) =>
      forms.refuseVersionChange(contextOf(request), request.params.guid, request.params.version),
  );

  app.get(
    '/api/forms/:guid/public',
    {
      schema: {
        tags: ['forms'],
        summary:
          'A form as a visitor gets it: its current version, whether it is open, and why the visitor may not fill it in',
        params: formGuidParams,
        response: { 200: publicFormSchema, ...errorResponses },
      },
    },
    async (request) => {
      const form = await forms.getPublicForm(contextOf(request), request.params.guid, {
        browserCookie: request.cookies[FORM_SURVEY_COOKIE],
      });
      if (!form) throw new AppError('not_found', 'form not found');
      return form;
    },
  );

  app.get(
    '/api/forms/challenge',
    {
      schema: {
        tags: ['forms'],
        summary: 'A proof-of-work challenge (ALTCHA, SHA-256) for an anonymous submission',
        description:
          'The browser searches the counter whose SHA-256 of salt, nonce and counter starts with `keyPrefix` ' +
          `and sends \`{ challenge, solution }\` as base64 in the submission's \`proof\`. Valid ${FORM_PROOF.expiresMinutes} ` +
          `minutes, once. An address may send ${FORM_PROOF.withProof} submissions per form in ${FORM_PROOF.windowMinutes} ` +
          `minutes, at most ${FORM_PROOF.withoutProof} of them anonymous without a proof; signed-in people need none.`,
        response: { 200: formChallengeSchema, 429: errorResponseSchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return forms.formChallenge(contextOf(request));
    },
  );

  app.post(
    SUBMISSIONS_URL,
    {
      schema: {
        tags: ['forms'],
        summary: 'Fill in a form: answers to the version the visitor saw',
        description:
          'Checked by the same rules the browser applies (one message per field, in the request language). ' +
          '409 `form_closed`, `form_full` or `already_submitted`; 401/403 outside the audience; 400 `proof_failed` ' +
          `for a wrong, expired or reused proof of work; 429 past ${FORM_PROOF.withProof} submissions per address and ` +
          `form in ${FORM_PROOF.windowMinutes} minutes (${FORM_PROOF.withoutProof} without a proof). Sets the required \`form-survey\` cookie. ` +
          `A form with file questions takes multipart/form-data: a part \`${MULTIPART_SUBMISSION_FIELD}\` holding this JSON body, ` +
          `and per file question one file part named by its key (images or PDF as the question accepts, checked by content; ` +
          `at most ${FORM_FILE_MAX_BYTES} bytes each: larger is a 400 with a message at the field). ` +
          'A multipart post is refused before it is read (issue 34) unless the form has a file question and takes ' +
          "this caller's submission now (401, 403, 404, 409, `415 upload_not_accepted` without a file question), " +
          "and is at most its file questions' worth of bytes (`413 payload_too_large`); `503 scratch_full` with " +
          "Retry-After when the server's scratch space for uploads is full.",
        params: formGuidParams,
        body: submitBody,
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: submitResult, ...adminErrors, 429: errorResponseSchema, 503: errorResponseSchema },
      },
      config: {
        rateLimit: { max: 30, timeWindow: '1 minute' },
        // Checked before the body is read (server/http/upload-gate.ts); the parameters are not validated yet.
        uploads: async (request) => {
          const params = formGuidParams.safeParse(request.params);
          if (!params.success) throw new AppError('not_found', 'form not found');
          return apiUploadAllowance(
            contextOf(request),
            params.data.guid,
            request.cookies[FORM_SURVEY_COOKIE],
          );
        },
      },
    },
    async (request, reply) => {
      const browserCookie = formSurveyCookie(request, reply);
      const post = received.get(request);
      const result = await forms.submit(contextOf(request), request.params.guid, {
        ...request.body,
        browserCookie,
        ...(post ? { files: { received: post.files, storage: fileStorage, mediaStorage } } : {}),
      });
      const guid = result.kind === 'stored' ? result.guid : null;
      return reply.status(201).send({ guid, receiptUrl: guid ? `/submission/${guid}` : null });
    },
  );

  app.get(
    '/api/forms/:guid/submissions',
    {
      schema: {
        tags: ['forms'],
        summary: "A form's submissions, server-paged; filter by version, days (Europe/Amsterdam) and handled",
        params: formGuidParams,
        querystring: submissionTableQuery,
        response: { 200: submissionPageSchema, ...adminErrors },
      },
    },
    async (request) => forms.listSubmissions(contextOf(request), request.params.guid, request.query),
  );

  app.get(
    '/api/forms/:guid/submissions/:submissionGuid',
    {
      schema: {
        tags: ['forms'],
        summary: 'One submission, with the labels of its version',
        params: submissionParams,
        response: { 200: submissionSchema, ...adminErrors },
      },
    },
    async (request) =>
      forms.getSubmission(contextOf(request), request.params.guid, request.params.submissionGuid),
  );

  app.post(
    '/api/forms/:guid/submissions/handle',
    {
      schema: {
        tags: ['forms'],
        summary: 'Mark submissions handled (or not)',
        params: formGuidParams,
        body: handleBody,
        response: { 200: countSchema, ...adminErrors },
      },
    },
    async (request) => forms.handleSubmissions(contextOf(request), request.params.guid, request.body),
  );

  app.post(
    '/api/forms/:guid/submissions/delete',
    {
      schema: {
        tags: ['forms'],
        summary: 'Delete submissions of the form',
        params: formGuidParams,
        body: submissionIdsBody,
        response: { 200: countSchema, ...adminErrors },
      },
    },
    async (request) => forms.removeSubmissions(contextOf(request), request.params.guid, request.body.guids),
  );

  app.get(
    '/api/forms/:guid/versions/:version/dashboard',
    {
      schema: {
        tags: ['forms'],
        summary:
          "A version's dashboard: submissions per day, choices counted, numbers summarised, latest texts",
        params: versionParams,
        querystring: z.object(dayRangeQuery),
        response: { 200: dashboardSchema, ...adminErrors },
      },
    },
    async (request) =>
      dashboard(contextOf(request), request.params.guid, request.params.version, request.query),
  );

  app.get(
    '/api/forms/:guid/versions/:version/export',
    {
      schema: {
        tags: ['forms'],
        summary: "A version's submissions as CSV (streamed)",
        description:
          'UTF-8 with BOM, CRLF, RFC 4180 quoting, one column per question; text cells starting with = + - @ ' +
          'get a leading apostrophe. `x-total-count` gives the number of rows to expect.',
        params: versionParams,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV document'), ...adminErrors },
      },
    },
    async (request, reply) => {
      const { filename, total, stream } = await exportVersion(
        contextOf(request),
        request.params.guid,
        request.params.version,
      );
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .header('x-total-count', String(total))
          // A stream is sent as it is (the response schema documents the CSV text it yields).
          .send(stream as unknown as string)
      );
    },
  );

  app.get(
    '/api/submissions/:guid',
    {
      schema: {
        tags: ['forms'],
        summary: "A receipt: the submitter's answers (by session; an anonymous one by its link) and the time",
        params: z.object({ guid: guidSchema }),
        response: { 200: submissionSchema, ...adminErrors },
      },
    },
    async (request) => forms.getReceipt(contextOf(request), request.params.guid),
  );

  app.get(
    '/api/submissions/:guid/files/:key',
    {
      schema: {
        tags: ['forms'],
        summary:
          "A file a submission sent for a file question: for the submitter (by session; an anonymous one by the receipt's link) and those who read the form's results",
        params: z.object({ guid: guidSchema, key: z.string().regex(FORM_LIMITS.keyPattern) }),
        produces: ['application/octet-stream'],
        response: { 200: z.string().meta({ format: 'binary' }), ...adminErrors },
      },
    },
    async (request, reply) => {
      const file = await forms.getSubmissionFile(contextOf(request), request.params.guid, request.params.key);
      const stream = fileStorage.get(file.storageKey);
      return (
        reply
          // The type the bytes were found to be, never guessed again by the browser; always a download.
          .type(file.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', attachment(file.fileName))
          .header('content-length', file.size)
          // Personal data: no shared cache may keep it.
          .header('cache-control', 'private, no-store')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(stream as unknown as string)
      );
    },
  );

  app.delete(
    '/api/submissions/:guid',
    {
      schema: {
        tags: ['forms'],
        summary: 'The submitter deletes their submission',
        params: z.object({ guid: guidSchema }),
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await forms.deleteOwnSubmission(contextOf(request), request.params.guid);
      return reply.status(204).send(null);
    },
  );
};
