import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Localized } from '../../../common/localized-text';
import { ApiError, api, unwrap } from '../../api/client';
import { draftQuery, type PageDraft } from './draft';
import { useUnsavedChanges } from './unsaved';

/**
 * Autosave of one block's content while it is edited in place (issue 26). What is typed is saved to
 * the draft AUTOSAVE_DELAY_MS after the last keystroke (and at once when the editor is left), one
 * save at a time, through the cheap block-content save (PUT …/draft/blocks/{guid}/content). The
 * newest text is kept until the server has it: a failed save keeps it and tries again after 1, 2, 4,
 * … up to 30 s (and on "opnieuw proberen"); a stale draft (409 draft_stale, someone else saved
 * first) reloads the draft and waits for the editor's retry, which saves the text on the newest
 * draft. While anything is unsaved, leaving edit mode or the tab asks first.
 */

export const AUTOSAVE_DELAY_MS = 800;
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000];

export type AutosaveStatus =
  | { kind: 'saved' }
  | { kind: 'saving' }
  | { kind: 'failed'; error: unknown; retryInMs: number | null };

/** The block's next content from its current one (null: a block without content yet). */
export type ContentChange = (content: Localized<unknown> | null) => Localized<unknown>;

/**
 * The newest draft version this browser saved, per page and revision: a draft read that was under
 * way during an autosave may land in the cache after it with an older version, and a save from that
 * version would be refused although nobody else saved.
 */
const savedVersions = new Map<string, { revision: number | null; version: number }>();

function baseOf(pageGuid: string, draft: PageDraft) {
  const known = savedVersions.get(pageGuid);
  const version =
    known && known.revision === draft.revision && known.version > draft.version
      ? known.version
      : draft.version;
  return { version, revision: draft.revision };
}

/** Errors another try may get past: no answer, the server's own trouble, too many requests. */
function isPassing(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 429 || error.status === 408;
}

export function useBlockAutosave(pageGuid: string, blockGuid: string) {
  const queryClient = useQueryClient();
  const key = useMemo(() => draftQuery(pageGuid).queryKey, [pageGuid]);
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'saved' });
  const pending = useRef<ContentChange | null>(null);
  const isSaving = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const attempt = useRef(0);
  const isMounted = useRef(true);
  // Set when anything is typed that the server does not have yet (the leave question's mark).
  const [hasUnsaved, setHasUnsaved] = useState(false);
  useUnsavedChanges(hasUnsaved);

  const update = useCallback((next: AutosaveStatus) => {
    if (!isMounted.current) return;
    setStatus((current) => (current.kind === next.kind && next.kind !== 'failed' ? current : next));
  }, []);

  const clearTimer = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const save = useCallback(async (): Promise<void> => {
    clearTimer();
    const change = pending.current;
    if (!change || isSaving.current) return;
    pending.current = null;
    isSaving.current = true;
    update({ kind: 'saving' });
    try {
      const draft: PageDraft =
        queryClient.getQueryData<PageDraft>(key) ?? (await queryClient.fetchQuery(draftQuery(pageGuid)));
      const block = draft.document.blocks.find((item) => item.guid === blockGuid);
      if (!block) throw new ApiError(404, 'not_found', 'the block is not in the draft');
      const content = change(block.content);
      const base = baseOf(pageGuid, draft);
      const saved = await unwrap(
        api.PUT('/api/pages/{id}/draft/blocks/{blockGuid}/content', {
          params: { path: { id: pageGuid, blockGuid } },
          body: { ...base, content },
        }),
      );
      savedVersions.set(pageGuid, { revision: draft.revision, version: saved.version });
      queryClient.setQueryData<PageDraft>(key, (current) =>
        current
          ? {
              ...current,
              version: Math.max(current.version, saved.version),
              hasDraft: true,
              updatedAt: saved.updatedAt,
              document: {
                ...current.document,
                blocks: current.document.blocks.map((item) =>
                  item.guid === blockGuid ? { ...item, content } : item,
                ),
              },
            }
          : current,
      );
      // Whoever opens the draft next (the publish dialog's findings) reads it again.
      void queryClient.invalidateQueries({ queryKey: key, refetchType: 'none' });
      attempt.current = 0;
      isSaving.current = false;
      if (pending.current) {
        void save();
      } else {
        update({ kind: 'saved' });
        if (isMounted.current) setHasUnsaved(false);
      }
    } catch (error) {
      isSaving.current = false;
      // The text stays: the newer one if more was typed meanwhile, else this one.
      pending.current ??= change;
      const isStale = error instanceof ApiError && error.code === 'draft_stale';
      if (isStale) await queryClient.invalidateQueries({ queryKey: key });
      const delay = isPassing(error)
        ? (RETRY_DELAYS_MS[Math.min(attempt.current, RETRY_DELAYS_MS.length - 1)] ?? 30_000)
        : null;
      attempt.current += 1;
      update({ kind: 'failed', error, retryInMs: delay });
      if (delay !== null && isMounted.current) timer.current = setTimeout(() => void save(), delay);
    }
  }, [clearTimer, update, queryClient, key, pageGuid, blockGuid]);

  /** Something was typed: saved AUTOSAVE_DELAY_MS after the last change (a later change restarts it). */
  const schedule = useCallback(
    (change: ContentChange) => {
      pending.current = change;
      setHasUnsaved(true);
      if (isSaving.current) return;
      clearTimer();
      timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    },
    [clearTimer, save],
  );

  /** Saves what is waiting now (the editor is left, or "opnieuw proberen"). */
  const flush = useCallback(() => {
    if (pending.current && !isSaving.current) void save();
  }, [save]);

  const retry = useCallback(() => {
    attempt.current = 0;
    flush();
  }, [flush]);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
      if (timer.current !== null) clearTimeout(timer.current);
    };
  }, []);

  return { status, schedule, flush, retry, hasUnsaved };
}
