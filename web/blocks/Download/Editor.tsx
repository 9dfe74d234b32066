import { Button, Progress, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { DOWNLOAD_MAX_DOCUMENTS } from '../../../common/blocks/download';
import { formatFileSize } from '../../../common/file-size';
import { isLocale } from '../../../common/localized-text';
import { DOCUMENT_MIME_TYPES, MAX_DOCUMENT_BYTES } from '../../../common/media';
import { MediaPickerButton } from '../../components/media/MediaPicker';
import { UploadError, type UploadPurpose, uploadImage } from '../../components/media/upload';
import { useTranslation } from '../../i18n';
import { type BlockEditor, ContentTextField, contentError, OptionsSection } from '../editor-kit';
import { OrderedAssets, type OrderedAssetTexts } from '../ordered-assets';
import '../../i18n/editor';

const DOCUMENT_TEXTS: OrderedAssetTexts = {
  heading: 'blockEditor.download.documents',
  empty: 'blockEditor.download.empty',
  duplicate: 'blockEditor.download.duplicate',
  name: 'blockEditor.download.documentName',
  moveUp: 'blockEditor.download.moveUp',
  moveDown: 'blockEditor.download.moveDown',
  remove: 'blockEditor.download.remove',
};

/**
 * Uploads documents into the library for this block (several at once), each with its progress and,
 * when refused, the server's message in the user's language (415, 413).
 */
function DocumentUpload({ purpose, onUploaded }: { purpose: UploadPurpose; onUploaded(guid: string): void }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'nl';
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [failures, setFailures] = useState<string[]>([]);
  const limit = formatFileSize(MAX_DOCUMENT_BYTES, locale);
  const send = async (files: File[]) => {
    setFailures([]);
    for (const file of files) {
      setProgress((current) => ({ ...current, [file.name]: 0 }));
      try {
        const uploaded = await uploadImage({
          file,
          purpose,
          language: locale,
          onProgress: (fraction) => setProgress((current) => ({ ...current, [file.name]: fraction })),
        });
        onUploaded(uploaded.guid);
      } catch (error) {
        const reason =
          error instanceof UploadError
            ? error.reason === 'tooLarge'
              ? t('blockEditor.download.tooLarge', { limit })
              : error.message || t('blockEditor.download.failed')
            : t('blockEditor.download.failed');
        setFailures((current) => [
          ...current,
          t('blockEditor.download.refused', { name: file.name, reason }),
        ]);
      } finally {
        setProgress(({ [file.name]: _done, ...rest }) => rest);
      }
    }
  };
  return (
    <Stack gap={6}>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={[
          '.pdf',
          '.docx',
          '.xlsx',
          '.pptx',
          '.odt',
          '.ods',
          '.odp',
          '.csv',
          '.txt',
          ...Object.values(DOCUMENT_MIME_TYPES),
        ].join(',')}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          void send(files);
        }}
      />
      <Button variant="default" onClick={() => input.current?.click()}>
        {t('blockEditor.download.upload')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('blockEditor.download.hint', { limit })}
      </Text>
      {Object.entries(progress).map(([name, fraction]) => (
        <Progress
          key={name}
          value={Math.round(fraction * 100)}
          aria-label={t('blockEditor.download.progress', { name })}
        />
      ))}
      {failures.map((failure) => (
        <Text key={failure} size="sm" c="red" role="alert">
          {failure}
        </Text>
      ))}
    </Stack>
  );
}

export const downloadEditor: BlockEditor<'download'> = {
  /** Per language, the heading above the documents (optional). */
  Content: function DownloadContent({ locale, value, errors, onChange }) {
    const { t } = useTranslation();
    return (
      <ContentTextField
        label={t('blockEditor.download.title')}
        value={value.title ?? ''}
        error={contentError(errors, locale, 'title')}
        onChange={(title) => onChange({ ...value, title })}
      />
    );
  },
  /** The documents, from the library or uploaded into it, in order. */
  Options: function DownloadOptions({ options, errors, setOptions, blockGuid }) {
    const { t } = useTranslation();
    return (
      <OptionsSection>
        <OrderedAssets
          guids={options.documentGuids ?? []}
          onChange={(documentGuids) => setOptions({ documentGuids })}
          texts={DOCUMENT_TEXTS}
          rowAttribute="data-download-document"
          error={Object.entries(errors).find(([key]) => key.startsWith('documentGuids'))?.[1]}
          max={DOWNLOAD_MAX_DOCUMENTS}
          adders={(add) => (
            <>
              <div>
                <MediaPickerButton field={t('blockEditor.download.documents')} kind="document" onPick={add} />
              </div>
              <DocumentUpload purpose={blockGuid ? { block: blockGuid } : 'library'} onUploaded={add} />
            </>
          )}
        />
      </OptionsSection>
    );
  },
};
