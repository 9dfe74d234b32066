import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PageDocument } from '../../../common/page-drafts.ts';
import {
  cancelPageSchedule,
  copyBlock,
  createPreviewLink,
  discardDraft,
  getDraft,
  getPageRevision,
  listPageRevisions,
  listPreviewLinks,
  publishDraft,
  restorePageRevision,
  revokePreviewLink,
  saveDraft,
  saveDraftBlockContent,
  schedulePage,
  unpublishPage,
} from '../../domains/drafts/index.ts';
import { errorResponseSchema, errorResponses } from '../common-schemas.ts';
import { contextOf } from '../context.ts';
import { pageIdParams } from '../pages/schema.ts';
import {
  copyBlockBody,
  draftBaseSchema,
  draftBlockParams,
  draftBlockSchema,
  draftSchema,
  draftVersionSchema,
  previewLinkBody,
  previewLinkParams,
  previewLinkSchema,
  publishBody,
  revisionParams,
  revisionSchema,
  revisionSummarySchema,
  saveBlockContentBody,
  saveDraftBody,
  scheduleBody,
  scheduleParams,
  scheduleSchema,
} from './schema.ts';

const readResponses = { ...errorResponses, 403: errorResponseSchema };
/** A write may also find the draft changed since the version it names (409 draft_stale). */
const writeResponses = { ...readResponses, 409: errorResponseSchema };

/**
 * Drafts, revisions and scheduled publishing of a page or template (issue 13). `{id}` is the page's
 * (or template's) guid. Writes name the draft version they start from (`version`, 0 when there is
 * no draft, then also `revision`, the page's latest revision); a stale one answers 409 draft_stale.
 */
export const pageDraftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/pages/:id/draft',
    {
      schema: {
        tags: ['page drafts'],
        summary: 'The draft of a page, or (version 0) its published state to start one from',
        params: pageIdParams,
        response: { 200: draftSchema, ...readResponses },
      },
    },
    async (request) => getDraft(contextOf(request), request.params.id),
  );

  app.put(
    '/api/pages/:id/draft',
    {
      schema: {
        tags: ['page drafts'],
        summary: 'Save the whole draft (visitors keep seeing the published page)',
        params: pageIdParams,
        body: saveDraftBody,
        response: { 200: draftSchema, ...writeResponses },
      },
    },
    async (request) => {
      const { version, revision, document } = request.body;
      return saveDraft(contextOf(request), request.params.id, {
        base: { version, revision },
        document: document as PageDocument,
      });
    },
  );

  app.put(
    '/api/pages/:id/draft/blocks/:blockGuid/content',
    {
      schema: {
        tags: ['page drafts'],
        summary: "Autosave one block's content in the draft (answers the draft's new version only)",
        description:
          'What in-place editing saves while the editor types. The block must be in the draft (404 otherwise); a stale version answers 409 draft_stale and nothing is overwritten.',
        params: draftBlockParams,
        body: saveBlockContentBody,
        response: { 200: draftVersionSchema, ...writeResponses },
      },
    },
    async (request) => {
      const { version, revision, content } = request.body;
      return saveDraftBlockContent(contextOf(request), request.params.id, request.params.blockGuid, {
        base: { version, revision },
        content,
      });
    },
  );

  app.post(
    '/api/pages/:id/draft::discard',
    {
      schema: {
        tags: ['page drafts'],
        summary: 'Throw the draft away (the published page stays)',
        params: pageIdParams,
        body: draftBaseSchema,
        response: { 200: draftSchema, ...writeResponses },
      },
    },
    async (request) => discardDraft(contextOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/pages/:id/draft::publish',
    {
      schema: {
        tags: ['page drafts'],
        summary: 'Publish the draft: visitors see it from now on, and it is kept as the next revision',
        description:
          'A draft with accessibility findings (see `findings` of the draft) is published only with `acceptFindings: true`; otherwise 409 accessibility_findings.',
        params: pageIdParams,
        body: publishBody,
        response: { 200: revisionSummarySchema, ...writeResponses },
      },
    },
    async (request) => {
      const { acceptFindings, ...base } = request.body;
      return publishDraft(contextOf(request), request.params.id, base, { acceptFindings });
    },
  );

  app.post(
    '/api/pages/:id/draft::unpublish',
    {
      schema: {
        tags: ['page drafts'],
        summary: 'Take the page offline (its draft and revisions stay)',
        params: pageIdParams,
        response: { 200: draftSchema, ...writeResponses },
      },
    },
    async (request) => unpublishPage(contextOf(request), request.params.id),
  );

  app.post(
    '/api/pages/:id/draft::preview',
    {
      schema: {
        tags: ['page drafts'],
        summary: 'A link that shows the draft to whoever has it, until it expires (24 hours unless asked)',
        params: pageIdParams,
        body: previewLinkBody,
        response: { 200: previewLinkSchema, ...readResponses },
      },
    },
    async (request) => createPreviewLink(contextOf(request), request.params.id, request.body?.hours),
  );

  app.get(
    '/api/pages/:id/previewlinks',
    {
      schema: {
        tags: ['page drafts'],
        summary: 'The preview links of the page that still work (not expired, not revoked), newest first',
        params: pageIdParams,
        response: { 200: z.array(previewLinkSchema), ...readResponses },
      },
    },
    async (request) => listPreviewLinks(contextOf(request), request.params.id),
  );

  app.delete(
    '/api/pages/:id/previewlinks/:linkId',
    {
      schema: {
        tags: ['page drafts'],
        summary: 'Revoke a preview link: from now on it shows the published page, as an expired one does',
        params: previewLinkParams,
        response: { 204: z.null(), ...readResponses },
      },
    },
    async (request, reply) => {
      await revokePreviewLink(contextOf(request), request.params.id, request.params.linkId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/pages/:id/blockcopies',
    {
      schema: {
        tags: ['page drafts'],
        summary:
          'A copy of a block (of this page or another one the caller may edit) to put in this page’s draft',
        description:
          'The copy has a new guid; an image block’s image is recorded again for it. Nothing is saved: add the block to the draft and save that.',
        params: pageIdParams,
        body: copyBlockBody,
        response: { 201: draftBlockSchema, ...readResponses },
      },
    },
    async (request, reply) => {
      const copy = await copyBlock(contextOf(request), request.params.id, request.body.block);
      return reply.status(201).send(copy);
    },
  );

  app.get(
    '/api/pages/:id/revisions',
    {
      schema: {
        tags: ['page drafts'],
        summary: 'The revisions of a page, newest first, each with what it changed',
        params: pageIdParams,
        response: { 200: z.array(revisionSummarySchema), ...readResponses },
      },
    },
    async (request) => listPageRevisions(contextOf(request), request.params.id),
  );

  app.get(
    '/api/pages/:id/revisions/:number',
    {
      schema: {
        tags: ['page drafts'],
        summary: 'One revision with the document it published',
        params: revisionParams,
        response: { 200: revisionSchema, ...readResponses },
      },
    },
    async (request) => getPageRevision(contextOf(request), request.params.id, request.params.number),
  );

  app.post(
    '/api/pages/:id/revisions/:number/restore',
    {
      schema: {
        tags: ['page drafts'],
        summary: 'Make a revision the draft again (publish it to make it live)',
        params: revisionParams,
        body: draftBaseSchema,
        response: { 200: draftSchema, ...writeResponses },
      },
    },
    async (request) =>
      restorePageRevision(contextOf(request), request.params.id, request.params.number, request.body),
  );

  app.post(
    '/api/pages/:id/schedules',
    {
      schema: {
        tags: ['page drafts'],
        summary: 'Publish the draft (as it is now) or take the page offline at a moment',
        description: 'Replaces a pending schedule of the same action. The moment lies within a year.',
        params: pageIdParams,
        body: scheduleBody,
        response: { 201: scheduleSchema, ...writeResponses },
      },
    },
    async (request, reply) => {
      const { action, at, version, revision, acceptFindings } = request.body;
      const created = await schedulePage(contextOf(request), request.params.id, {
        action,
        at,
        base: { version, revision },
        acceptFindings,
      });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/pages/:id/schedules/:scheduleId',
    {
      schema: {
        tags: ['page drafts'],
        summary: 'Cancel a pending schedule',
        params: scheduleParams,
        response: { 204: z.null(), ...readResponses },
      },
    },
    async (request, reply) => {
      await cancelPageSchedule(contextOf(request), request.params.id, request.params.scheduleId);
      return reply.status(204).send(null);
    },
  );
};
