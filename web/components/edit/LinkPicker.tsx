import { Button, Group, Modal, Stack, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { isAllowedUrl, parseLinkReference } from '../../../common/urls';
import { useLocale, useTranslation } from '../../i18n';
import './link-picker.css';
import '../../i18n/editor';

/** A page or list item the picker offers (GET /api/links:search). */
export type LinkCandidate = {
  kind: 'page' | 'item';
  guid: string;
  value: string;
  title: { nl: string; en: string | null };
  path: string | null;
  isPublished: boolean;
};

/** What the editor picked: the value a link field stores, and the target's title for a new link's text. */
export type PickedLink = { href: string; title: string | null };

const SEARCH_DELAY_MS = 200;

/**
 * The link picker (issue 26): search the site's pages and list items by part of their title (Dutch or
 * English), or type a web address under the link rule (common/urls.ts). A picked page or item is
 * stored by reference (`page:<guid>`, `item:<guid>`), so the link follows the page when it moves.
 * By keyboard: type, arrow down and up through the results, Enter picks.
 */
export function LinkPicker({
  opened,
  current,
  onClose,
  onPick,
}: {
  opened: boolean;
  /** The link's value now ('' for a new link). */
  current: string;
  onClose(): void;
  onPick(link: PickedLink): void;
}) {
  const { t } = useTranslation();
  const language = useLocale();
  const listId = useId();
  const [q, setQ] = useState('');
  const [results, setResults] = useState<LinkCandidate[]>([]);
  const [state, setState] = useState<'idle' | 'loading' | 'done' | 'failed'>('idle');
  const [active, setActive] = useState(0);
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setQ('');
    setResults([]);
    setState('idle');
    setActive(0);
    setUrl(current !== '' && parseLinkReference(current) === null ? current : '');
    setUrlError(null);
  }, [opened, current]);

  useEffect(() => {
    const words = q.trim();
    if (!opened || words === '') {
      setResults([]);
      setState('idle');
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState('loading');
      fetch(`/api/links:search?q=${encodeURIComponent(words)}`, {
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'accept-language': language },
        signal: controller.signal,
      })
        .then(async (response) => {
          if (!response.ok) throw new Error(`link search: ${response.status}`);
          const body = (await response.json()) as { results: LinkCandidate[] };
          setResults(body.results);
          setActive(0);
          setState('done');
        })
        .catch(() => {
          if (!controller.signal.aborted) setState('failed');
        });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, opened, language]);

  const titleOf = (candidate: LinkCandidate) =>
    (language === 'en' ? candidate.title.en : null) || candidate.title.nl;
  const pick = (candidate: LinkCandidate) => onPick({ href: candidate.value, title: titleOf(candidate) });
  const optionId = (index: number) => `${listId}-${index}`;

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (results.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (index + 1) % results.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index - 1 + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const candidate = results[active];
      if (candidate) pick(candidate);
    }
  };

  const takeUrl = () => {
    const value = url.trim();
    if (!isAllowedUrl(value, 'link') || parseLinkReference(value) !== null) {
      setUrlError(t('linkPicker.urlInvalid'));
      return;
    }
    onPick({ href: value, title: null });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('linkPicker.title')} size="lg">
      <Stack gap="md">
        <TextInput
          label={t('linkPicker.search')}
          description={t('linkPicker.searchHint')}
          value={q}
          data-autofocus
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-activedescendant={results.length > 0 ? optionId(active) : undefined}
          onChange={(event) => setQ(event.currentTarget.value)}
          onKeyDown={onSearchKey}
        />
        <div aria-live="polite">
          {state === 'loading' && <Text size="sm">{t('linkPicker.searching')}</Text>}
          {state === 'failed' && (
            <Text size="sm" c="red.9">
              {t('linkPicker.failed')}
            </Text>
          )}
          {state === 'done' && results.length === 0 && <Text size="sm">{t('linkPicker.none')}</Text>}
          {state === 'done' && results.length > 0 && (
            <VisuallyHidden>{t('linkPicker.found', { count: results.length })}</VisuallyHidden>
          )}
        </div>
        <Stack
          gap={4}
          id={listId}
          role="listbox"
          aria-label={t('linkPicker.results')}
          hidden={results.length === 0}
        >
          {results.map((candidate, index) => (
            <UnstyledButton
              key={candidate.value}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              className="link-picker-option"
              data-active={index === active || undefined}
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(candidate)}
              p="xs"
            >
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {titleOf(candidate)}
                  </Text>
                  <Text size="xs" c="gray.8">
                    {candidate.path ?? t('linkPicker.noPath')}
                  </Text>
                </Stack>
                <Stack gap={0} align="flex-end">
                  <Text size="xs" c="gray.8">
                    {t(`linkPicker.kind.${candidate.kind}`)}
                  </Text>
                  {!candidate.isPublished && (
                    <Text size="xs" c="red.9" fw={600}>
                      {t('linkPicker.unpublished')}
                    </Text>
                  )}
                </Stack>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('linkPicker.url')}
            description={t('linkPicker.urlHint')}
            value={url}
            error={urlError}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              setUrlError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                takeUrl();
              }
            }}
          />
          <Button variant="light" onClick={takeUrl} disabled={url.trim() === ''}>
            {t('linkPicker.useUrl')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * A field that takes a link (a button's, an image's): typed by hand as before (`/pad`, a URL), or
 * chosen with the picker, which stores a page or item by reference.
 */
export function LinkField({
  label,
  description,
  value,
  error,
  required,
  onChange,
}: {
  label: string;
  description: string;
  value: string;
  error?: string | undefined;
  required?: boolean;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <TextInput
        label={label}
        description={parseLinkReference(value) !== null ? t('linkPicker.internal') : description}
        required={required ?? false}
        value={value}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value)}
        inputContainer={(input) => (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <div style={{ flex: 1 }}>{input}</div>
            <Button
              variant="light"
              onClick={() => setOpened(true)}
              aria-label={t('linkPicker.openFor', { field: label })}
            >
              {t('linkPicker.open')}
            </Button>
          </Group>
        )}
      />
      <LinkPicker
        opened={opened}
        current={value}
        onClose={() => setOpened(false)}
        onPick={({ href }) => {
          setOpened(false);
          onChange(href);
        }}
      />
    </>
  );
}
