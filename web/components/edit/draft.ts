import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useRevalidator } from 'react-router';
import type { PageDocument } from '../../../common/page-drafts';
import { useTask } from '../../account/tasks';
import { ApiError, api, unwrap } from '../../api/client';

/**
 * Editing a page or template changes its draft (issue 13): visitors keep the published page until
 * "Publiceer". Every change in edit mode (a block's content, a new block, a move, a removal, the
 * page's settings) is a function from the draft's document to the next one, saved whole with the
 * version it started from; the server refuses a stale one (409 draft_stale), so two editors never
 * overwrite each other silently.
 */

export type PageDraft = Awaited<ReturnType<typeof loadDraft>>;

const loadDraft = async (pageGuid: string) => {
  const draft = await unwrap(api.GET('/api/pages/{id}/draft', { params: { path: { id: pageGuid } } }));
  return { ...draft, document: draft.document as PageDocument };
};

export const draftQuery = (pageGuid: string) => ({
  queryKey: ['drafts', pageGuid] as const,
  queryFn: () => loadDraft(pageGuid),
});

/**
 * A change of the document; `label` names it in the task notices ("Tekst opslaan"). It may ask the
 * server first (a block's copy for "Dupliceren").
 */
export type DraftChange = (document: PageDocument) => PageDocument | Promise<PageDocument>;

/**
 * The draft of a page and the ways to change it. `change` runs as a task: busy and done notices,
 * the done notice offers undo (the document as it was, saved as the next version), a failure
 * offers retry. When someone else saved first, the draft and the page reload and the failure says
 * so; retry then makes the same change to the newest draft.
 */
export function useDraft(pageGuid: string) {
  const queryClient = useQueryClient();
  const run = useTask();
  const { revalidate } = useRevalidator();
  const query = useQuery(draftQuery(pageGuid));
  const key = useMemo(() => draftQuery(pageGuid).queryKey, [pageGuid]);

  const current = useCallback(
    async () => queryClient.getQueryData<PageDraft>(key) ?? queryClient.fetchQuery(draftQuery(pageGuid)),
    [queryClient, key, pageGuid],
  );

  /** Saves `document` over `base`; a stale base reloads the draft and the page before failing. */
  const save = useCallback(
    async (base: PageDraft, document: PageDocument) => {
      try {
        const saved = await unwrap(
          api.PUT('/api/pages/{id}/draft', {
            params: { path: { id: pageGuid } },
            body: { version: base.version, revision: base.revision, document },
          }),
        );
        const draft = { ...saved, document: saved.document as PageDocument };
        queryClient.setQueryData(key, draft);
        return draft;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'draft_stale') {
          await queryClient.invalidateQueries({ queryKey: key });
          await revalidate();
        }
        throw error;
      }
    },
    [pageGuid, queryClient, key, revalidate],
  );

  const change = useCallback(
    (label: string, edit: DraftChange, options: { onError?(error: unknown): void } = {}) =>
      run(
        label,
        async () => {
          const base = await current();
          const before = base.document;
          try {
            const draft = await save(base, await edit(before));
            await revalidate();
            return { before, draft };
          } catch (error) {
            options.onError?.(error);
            throw error;
          }
        },
        {
          undo: async ({ before }) => {
            await save(await current(), before);
            await revalidate();
          },
        },
      ),
    [run, current, save, revalidate],
  );

  /** After a publish, a discard or a restore: the draft and the page as the server now has them. */
  const reload = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    await revalidate();
  }, [queryClient, key, revalidate]);

  return { draft: query.data, error: query.error, current, change, reload };
}
