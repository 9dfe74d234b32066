import {
  Alert,
  Badge,
  Box,
  Button,
  Drawer,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { LocalizedText } from '../../../common/localized-text';
import type { PageChange, PageDocument } from '../../../common/page-drafts';
import { errorMessage, useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { type TFunction, useLocale, useTranslation } from '../../i18n';
import { useDraft } from './draft';
import {
  type BlockStatus,
  blockText,
  blockTypeName,
  type ComparedBlock,
  changeKey,
  changeText,
  compareDocuments,
  formatRevisionTime,
  positionName,
  publisherText,
} from './revision-compare';
import '../../i18n/editor';

/**
 * "Geschiedenis" (issue 13): every published version of a page, newest first, with when, by whom
 * and what it changed in words; two versions side by side; and a version made the draft again
 * ("Herstel deze versie"), which visitors see only once it is published.
 */

type RevisionSummary = {
  number: number;
  publishedAt: string;
  publishedBy: { guid: string; name: string | null; isRemoved: boolean } | null;
  source: 'manual' | 'schedule';
  changes: PageChange[];
};
type Pair = { older: number; newer: number };

const revisionsQuery = (pageGuid: string) => ({
  queryKey: ['revisions', pageGuid] as const,
  queryFn: async () =>
    (await unwrap(
      api.GET('/api/pages/{id}/revisions', { params: { path: { id: pageGuid } } }),
    )) as RevisionSummary[],
  // Every opening loads the publications up to now, never an older list first.
  staleTime: 0,
  gcTime: 0,
});

const revisionQuery = (pageGuid: string, number: number) => ({
  queryKey: ['revisions', pageGuid, number] as const,
  queryFn: async () => {
    const revision = await unwrap(
      api.GET('/api/pages/{id}/revisions/{number}', { params: { path: { id: pageGuid, number } } }),
    );
    return {
      ...revision,
      changes: revision.changes as PageChange[],
      document: revision.document as PageDocument,
    };
  },
  staleTime: Number.POSITIVE_INFINITY,
});

export default function RevisionsDrawer({
  pageGuid,
  opened,
  onClose,
  onRestored,
}: {
  pageGuid: string;
  opened: boolean;
  onClose(): void;
  onRestored(): Promise<void>;
}) {
  const { t } = useTranslation();
  const revisions = useQuery(revisionsQuery(pageGuid));
  const [pair, setPair] = useState<Pair | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  // The button that opened the comparison gets the focus back when it closes.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (pair === null && opener.current) {
      opener.current.focus();
      opener.current = null;
    }
  }, [pair]);
  const compare = (next: Pair) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPair(next);
  };
  return (
    <>
      <Drawer opened={opened} onClose={onClose} position="right" size="xl" title={t('revisions.title')}>
        {revisions.error ? (
          <Alert color="red" role="alert">
            {errorMessage(revisions.error, t('revisions.loadFailed'))}
          </Alert>
        ) : !revisions.data ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{t('revisions.loading')}</Text>
          </Group>
        ) : (
          <>
            {/* Kept while comparing, so that "back" returns the focus to where it was. */}
            <Box hidden={pair !== null}>
              <RevisionList revisions={revisions.data} onCompare={compare} onRestore={setRestoring} />
            </Box>
            {pair ? (
              <Comparison
                pageGuid={pageGuid}
                pair={pair}
                revisions={revisions.data}
                onBack={() => setPair(null)}
              />
            ) : null}
          </>
        )}
      </Drawer>
      <RestoreDialog
        pageGuid={pageGuid}
        number={restoring}
        onClose={() => setRestoring(null)}
        onRestored={async () => {
          await onRestored();
          setRestoring(null);
          onClose();
        }}
      />
    </>
  );
}

function RevisionList({
  revisions,
  onCompare,
  onRestore,
}: {
  revisions: RevisionSummary[];
  onCompare(pair: Pair): void;
  onRestore(number: number): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (revisions.length === 0) {
    return (
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('revisions.empty')}
        </Title>
        <Text size="sm">{t('revisions.emptyText')}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Text size="sm">{t('revisions.intro')}</Text>
      <CompareForm revisions={revisions} onCompare={onCompare} />
      <Stack gap="sm" component="section" aria-labelledby="revisions-list-heading">
        <Title order={3} size="h4" id="revisions-list-heading">
          {t('revisions.listHeading')}
        </Title>
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {revisions.map((revision, index) => {
            const headingId = `revision-${revision.number}`;
            const previous = revisions[index + 1];
            return (
              <Paper
                component="li"
                key={revision.number}
                withBorder
                p="sm"
                data-revision={revision.number}
                aria-labelledby={headingId}
              >
                <Stack gap="xs">
                  <Group justify="space-between" gap="xs">
                    <Title order={4} size="h5" id={headingId}>
                      {t('revisions.version', { number: revision.number })}
                    </Title>
                    {index === 0 ? (
                      <Badge variant="light" color="gray">
                        {t('revisions.latest')}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="sm">
                    <time dateTime={revision.publishedAt}>
                      {formatRevisionTime(revision.publishedAt, locale)}
                    </time>{' '}
                    {t('revisions.publishedBy', { name: publisherText(t, revision) })}
                  </Text>
                  {revision.changes.length === 0 ? (
                    <Text size="sm">{t('revisions.noChanges')}</Text>
                  ) : (
                    <List
                      size="sm"
                      spacing={2}
                      aria-label={t('revisions.changesOf', { number: revision.number })}
                    >
                      {revision.changes.map((change) => (
                        <List.Item key={changeKey(change)}>{changeText(t, change)}</List.Item>
                      ))}
                    </List>
                  )}
                  <Group gap="xs">
                    {previous ? (
                      <Button
                        size="xs"
                        variant="light"
                        aria-describedby={headingId}
                        onClick={() => onCompare({ older: previous.number, newer: revision.number })}
                      >
                        {t('revisions.compare.withPrevious')}
                      </Button>
                    ) : null}
                    <Button
                      size="xs"
                      variant="default"
                      aria-describedby={headingId}
                      onClick={() => onRestore(revision.number)}
                    >
                      {t('revisions.restore.button')}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      </Stack>
    </Stack>
  );
}

/** Two Selects, the newest two versions to begin with. */
function CompareForm({
  revisions,
  onCompare,
}: {
  revisions: RevisionSummary[];
  onCompare(pair: Pair): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [first, setFirst] = useState(String(revisions[1]?.number ?? revisions[0]?.number ?? ''));
  const [second, setSecond] = useState(String(revisions[0]?.number ?? ''));
  if (revisions.length < 2) {
    return <Text size="sm">{t('revisions.compare.needTwo')}</Text>;
  }
  const options = revisions.map((revision) => ({
    value: String(revision.number),
    label: `${t('revisions.version', { number: revision.number })} (${formatRevisionTime(revision.publishedAt, locale)})`,
  }));
  const isSame = first === second;
  return (
    <Stack gap="xs" component="section" aria-labelledby="revisions-compare-heading">
      <Title order={3} size="h4" id="revisions-compare-heading">
        {t('revisions.compare.heading')}
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('revisions.compare.from')}
          data={options}
          value={first}
          allowDeselect={false}
          onChange={(value) => value && setFirst(value)}
          style={{ flex: '1 1 14rem' }}
        />
        <Select
          label={t('revisions.compare.to')}
          data={options}
          value={second}
          allowDeselect={false}
          onChange={(value) => value && setSecond(value)}
          style={{ flex: '1 1 14rem' }}
        />
        <Button
          disabled={isSame}
          onClick={() => {
            const [older, newer] = [Number(first), Number(second)].sort((a, b) => a - b) as [number, number];
            onCompare({ older, newer });
          }}
        >
          {t('revisions.compare.submit')}
        </Button>
      </Group>
      {isSame ? <Text size="sm">{t('revisions.compare.sameVersion')}</Text> : null}
    </Stack>
  );
}

/** Two versions side by side (one above the other in a narrow drawer), the older first. */
function Comparison({
  pageGuid,
  pair,
  revisions,
  onBack,
}: {
  pageGuid: string;
  pair: Pair;
  revisions: RevisionSummary[];
  onBack(): void;
}) {
  const { t } = useTranslation();
  const older = useQuery(revisionQuery(pageGuid, pair.older));
  const newer = useQuery(revisionQuery(pageGuid, pair.newer));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const error = older.error ?? newer.error;
  const summary = (number: number) => revisions.find((revision) => revision.number === number);
  const comparison =
    older.data && newer.data ? compareDocuments(older.data.document, newer.data.document) : null;
  return (
    <Stack gap="md" data-revision-comparison>
      <Group>
        <Button variant="subtle" size="compact-sm" onClick={onBack}>
          {t('revisions.compare.back')}
        </Button>
      </Group>
      <Title order={3} size="h4" ref={heading} tabIndex={-1}>
        {t('revisions.compare.title', { from: pair.older, to: pair.newer })}
      </Title>
      <Text size="sm">{t('revisions.compare.intro')}</Text>
      {error ? (
        <Alert color="red" role="alert">
          {errorMessage(error, t('revisions.compare.loadFailed'))}
        </Alert>
      ) : !comparison || !older.data || !newer.data ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('revisions.compare.loading')}</Text>
        </Group>
      ) : (
        <SimpleGrid type="container" cols={{ base: 1, '560px': 2 }} spacing="md">
          <RevisionColumn
            number={pair.older}
            summary={summary(pair.older)}
            document={older.data.document}
            groups={comparison.older}
            isTitleChanged={comparison.isTitleChanged}
            isDescriptionChanged={comparison.isDescriptionChanged}
            isLayoutChanged={comparison.isLayoutChanged}
          />
          <RevisionColumn
            number={pair.newer}
            summary={summary(pair.newer)}
            document={newer.data.document}
            groups={comparison.newer}
            isTitleChanged={comparison.isTitleChanged}
            isDescriptionChanged={comparison.isDescriptionChanged}
            isLayoutChanged={comparison.isLayoutChanged}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}

const STATUS_COLORS: Record<Exclude<BlockStatus, 'same'>, string> = {
  added: 'green',
  removed: 'red',
  changed: 'orange',
  moved: 'blue',
};

function StatusBadge({ status }: { status: BlockStatus }) {
  const { t } = useTranslation();
  if (status === 'same') return null;
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} data-status={status}>
      {t(`revisions.compare.status.${status}`)}
    </Badge>
  );
}

function localizedText(text: LocalizedText | null, locale: 'nl' | 'en'): string {
  if (!text) return '';
  return (locale === 'en' ? (text.en ?? text.nl) : text.nl) ?? '';
}

function RevisionColumn({
  number,
  summary,
  document,
  groups,
  isTitleChanged,
  isDescriptionChanged,
  isLayoutChanged,
}: {
  number: number;
  summary: RevisionSummary | undefined;
  document: PageDocument;
  groups: { position: string; blocks: ComparedBlock[] }[];
  isTitleChanged: boolean;
  isDescriptionChanged: boolean;
  isLayoutChanged: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = `revision-column-${number}`;
  return (
    <Paper component="section" withBorder p="sm" aria-labelledby={headingId} data-revision-column={number}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={4} size="h5" id={headingId}>
            {t('revisions.version', { number })}
          </Title>
          {summary ? (
            <Text size="sm">
              {formatRevisionTime(summary.publishedAt, locale)}{' '}
              {t('revisions.publishedBy', { name: publisherText(t, summary) })}
            </Text>
          ) : null}
        </Stack>
        <Stack gap={4}>
          <Field label={t('revisions.compare.pageTitle')} isChanged={isTitleChanged}>
            {localizedText(document.title, locale)}
          </Field>
          {document.description || isDescriptionChanged ? (
            <Field label={t('revisions.compare.description')} isChanged={isDescriptionChanged}>
              {localizedText(document.description, locale)}
            </Field>
          ) : null}
          <Field label={t('revisions.compare.layout')} isChanged={isLayoutChanged}>
            {document.layout}
          </Field>
        </Stack>
        {groups.length === 0 ? <Text size="sm">{t('revisions.compare.noBlocks')}</Text> : null}
        {groups.map((group) => (
          <Stack gap="xs" key={group.position}>
            <Title order={5} size="h6">
              {positionName(t, group.position)}
            </Title>
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {group.blocks.map((entry) => (
                <BlockEntry key={entry.block.guid} t={t} entry={entry} locale={locale} />
              ))}
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

function Field({ label, isChanged, children }: { label: string; isChanged: boolean; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm">
        <Text span fw={600} size="sm">
          {label}:
        </Text>{' '}
        {children}
      </Text>
      {isChanged ? <StatusBadge status="changed" /> : null}
    </Group>
  );
}

function BlockEntry({ t, entry, locale }: { t: TFunction; entry: ComparedBlock; locale: 'nl' | 'en' }) {
  const lines = blockText(entry.block, locale);
  const isOff = entry.status === 'removed' || entry.status === 'added';
  return (
    <Box
      component="li"
      data-block-status={entry.status}
      pl="xs"
      style={{
        borderInlineStart: `3px ${isOff ? 'solid' : entry.status === 'same' ? 'none' : 'dashed'} var(--mantine-color-${
          entry.status === 'same' ? 'gray' : STATUS_COLORS[entry.status]
        }-6)`,
      }}
    >
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {blockTypeName(t, entry.block.name)}
        </Text>
        <StatusBadge status={entry.status} />
        {entry.status === 'changed' && entry.isMoved ? <StatusBadge status="moved" /> : null}
      </Group>
      {lines.length === 0 ? (
        <Text size="sm" fs="italic">
          {t('revisions.compare.noText')}
        </Text>
      ) : (
        lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own
          <Text size="sm" key={index}>
            {line}
          </Text>
        ))
      )}
    </Box>
  );
}

/** The confirmation, then the revision becomes the draft (a task with its notices). */
function RestoreDialog({
  pageGuid,
  number,
  onClose,
  onRestored,
}: {
  pageGuid: string;
  number: number | null;
  onClose(): void;
  onRestored(): Promise<void>;
}) {
  const { t } = useTranslation();
  const run = useTask();
  const { current } = useDraft(pageGuid);
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // The number stays while the dialog closes, so its text does not change on the way out.
  const [shown, setShown] = useState<number | null>(number);
  if (number !== null && number !== shown) setShown(number);

  async function restore(revision: number) {
    setBusy(true);
    setFailure(null);
    const restored = await run(t('revisions.restore.task', { number: revision }), async () => {
      try {
        const draft = await current();
        return await unwrap(
          api.POST('/api/pages/{id}/revisions/{number}/restore', {
            params: { path: { id: pageGuid, number: revision } },
            body: { version: draft.version, revision: draft.revision },
          }),
        );
      } catch (error) {
        setFailure(error);
        throw error;
      }
    });
    if (restored) await onRestored();
    setBusy(false);
  }

  return (
    <Modal
      opened={number !== null}
      onClose={() => {
        setFailure(null);
        onClose();
      }}
      title={t('revisions.restore.title', { number: shown })}
    >
      <Stack gap="md">
        <Text size="sm">{t('revisions.restore.text', { number: shown })}</Text>
        {failure ? (
          <Alert color="red" role="alert">
            {errorMessage(failure, t('revisions.restore.failed'))}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('buttons.cancel')}
          </Button>
          <Button loading={isBusy} onClick={() => shown !== null && void restore(shown)}>
            {t('revisions.restore.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
