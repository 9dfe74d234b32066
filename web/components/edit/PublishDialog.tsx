import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { AccessibilityFinding } from '../../../common/accessibility-checks';
import type { PageChange } from '../../../common/page-drafts';
import type { PageView } from '../../../common/site';
import { errorMessage, useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { type PageDraft, useDraft } from './draft';
import { changeKey, changeText } from './revision-compare';
import '../../i18n/editor';

/**
 * "Publiceer" (issue 13): the accessibility check of the draft (the server's findings, the same it
 * checks again when publishing), each finding with a way to its block; publishing with findings
 * needs a confirmation. Publishing makes the draft the page visitors see, as a new revision.
 */
export function PublishDialog({
  page,
  opened,
  onClose,
}: {
  page: PageView;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { draft } = useDraft(page.guid);
  return (
    <Modal opened={opened} onClose={onClose} title={t('publish.title')} size="lg">
      {opened && draft ? <PublishForm page={page} draft={draft} onClose={onClose} /> : null}
    </Modal>
  );
}

function PublishForm({ page, draft, onClose }: { page: PageView; draft: PageDraft; onClose(): void }) {
  const { t } = useTranslation();
  const run = useTask();
  const { reload } = useDraft(page.guid);
  const [isAccepted, setAccepted] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const findings = draft.findings as AccessibilityFinding[];
  const outside = draft.publishedChanges as PageChange[];
  const [isOverwriteAccepted, setOverwriteAccepted] = useState(false);
  const needsConfirmation =
    (findings.length > 0 && !isAccepted) || (outside.length > 0 && !isOverwriteAccepted);

  async function publish() {
    setBusy(true);
    setFailure(null);
    const published = await run(t('publish.task'), async () => {
      try {
        return await unwrap(
          api.POST('/api/pages/{id}/draft:publish', {
            params: { path: { id: page.guid } },
            body: { version: draft.version, revision: draft.revision, acceptFindings: isAccepted },
          }),
        );
      } catch (error) {
        setFailure(error);
        throw error;
      }
    });
    await reload();
    setBusy(false);
    if (!published) return;
    onClose();
    // "Publiceer" is disabled now (nothing left to publish): the focus goes to the edit bar's title,
    // next to the status that says the page is published (issue 35), not to <body>.
    setTimeout(
      () => document.querySelector<HTMLElement>('.edit-mode-title')?.focus({ preventScroll: true }),
      0,
    );
  }

  /** Closes the dialog and takes the editor to the finding's block. */
  function showBlock(guid: string) {
    onClose();
    requestAnimationFrame(() => {
      const block = document.querySelector<HTMLElement>(`[data-editable-block][data-guid="${guid}"]`);
      block?.scrollIntoView({ block: 'center' });
      block?.focus();
    });
  }

  return (
    <Stack gap="md">
      <Text size="sm">{t('publish.intro')}</Text>
      {outside.length > 0 ? (
        <Alert color="orange" title={t('publish.outside.title')}>
          <Stack gap="xs">
            <Text size="sm">{t('publish.outside.text')}</Text>
            <List size="sm" spacing={2}>
              {outside.map((change) => (
                <List.Item key={changeKey(change)}>{changeText(t, change)}</List.Item>
              ))}
            </List>
            <Checkbox
              label={t('publish.outside.accept')}
              checked={isOverwriteAccepted}
              onChange={(event) => setOverwriteAccepted(event.currentTarget.checked)}
            />
          </Stack>
        </Alert>
      ) : null}
      {findings.length === 0 ? (
        <Alert color="green" title={t('publish.noFindings')}>
          {t('publish.noFindingsText')}
        </Alert>
      ) : (
        <Stack gap="xs">
          <Text fw={600} id="publish-findings">
            {t('publish.findings', { count: findings.length })}
          </Text>
          <List spacing="xs" aria-labelledby="publish-findings">
            {findings.map((finding, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: findings have no identity of their own
              <List.Item key={index}>
                <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
                  <Text size="sm">
                    {findingText(t, finding)}
                    {finding.position ? (
                      <Text span size="sm" c="dimmed">
                        {' '}
                        {t('publish.where', { position: t(`blockEditor.positions.${finding.position}`) })}
                        {finding.language ? ` (${t(`publish.language.${finding.language}`)})` : ''}
                      </Text>
                    ) : null}
                  </Text>
                  {finding.blockGuid ? (
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => showBlock(finding.blockGuid as string)}
                      aria-label={t('publish.showBlockOf', { finding: findingText(t, finding) })}
                    >
                      {t('publish.showBlock')}
                    </Button>
                  ) : null}
                </Group>
              </List.Item>
            ))}
          </List>
          <Checkbox
            label={t('publish.accept')}
            checked={isAccepted}
            onChange={(event) => setAccepted(event.currentTarget.checked)}
          />
        </Stack>
      )}
      {failure ? (
        <Alert color="red" role="alert">
          {errorMessage(failure, t('publish.failed'))}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('buttons.cancel')}
        </Button>
        <Button onClick={() => void publish()} loading={isBusy} disabled={needsConfirmation}>
          {t('publish.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** A finding in words ("Afbeelding zonder alt-tekst"). */
export function findingText(t: Translate, finding: AccessibilityFinding): string {
  switch (finding.code) {
    case 'imageAlt':
      return t(`publish.codes.imageAlt.${finding.details.reason}`, { text: finding.details.text });
    case 'headingSkip':
      return t('publish.codes.headingSkip', finding.details);
    case 'emptyLink':
      return t('publish.codes.emptyLink', finding.details);
    case 'vagueLinkText':
      return t('publish.codes.vagueLinkText', finding.details);
    case 'contrast':
      return t(`publish.codes.contrast.${finding.details.usage}`, {
        ratio: finding.details.ratio.toFixed(2),
        foreground: finding.details.foreground,
        background: finding.details.background,
      });
    case 'videoTitle':
      return t('publish.codes.videoTitle', finding.details);
    case 'brokenLink':
      return t(`publish.codes.brokenLink.${finding.details.reason}`, {
        text: finding.details.text || finding.details.href,
      });
    case 'tableHeaders':
      return finding.details.caption
        ? t('publish.codes.tableHeaders.named', finding.details)
        : t('publish.codes.tableHeaders.unnamed');
    case 'mapTitle':
      return finding.details.address
        ? t('publish.codes.mapTitle.named', finding.details)
        : t('publish.codes.mapTitle.unnamed');
  }
}
