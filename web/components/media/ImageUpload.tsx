import { Alert, Box, Button, Group, Image, Input, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useEffect, useId, useRef, useState } from 'react';
import { formatFileSize } from '../../../common/file-size';
import { isLocale } from '../../../common/localized-text';
import {
  IMAGE_FORMATS,
  IMAGE_MIME_TYPES,
  imageUrl,
  MAX_UPLOAD_BYTES,
  SITE_IMAGES,
} from '../../../common/media';
import { useTranslation } from '../../i18n';
import { UploadError, type UploadFailure, type UploadPurpose, uploadImage } from './upload';
import '../../i18n/account';

export type { UploadPurpose } from './upload';

export type UploadedImageInfo = {
  width: number;
  height: number;
  type: string;
  size: number;
  fileName: string;
};

export type ImageUploadProps = {
  /** What the image is for: decides the upload's query flag and who may see the image. */
  purpose: UploadPurpose;
  /** The current media guid, or null for none. */
  value: string | null;
  /** A new upload (with its details) or null when the user removed the image. */
  onChange(guid: string | null, info?: UploadedImageInfo): void;
  label?: string;
  description?: string;
  disabled?: boolean;
};

const ACCEPT = Object.values(IMAGE_MIME_TYPES);
const TYPE_NAMES = IMAGE_FORMATS.map((format) => (format === 'jpeg' ? 'JPEG' : format.toUpperCase())).join(
  ', ',
);

/**
 * Picks, drops or replaces one image: shows the current one, the accepted types and the size limit,
 * the upload's progress, and every refusal (client-side checks first, then the server's answer) as
 * a message in the user's language. The "choose image" button is the keyboard's way in; the drop zone
 * is the mouse's.
 */
export function ImageUpload({
  purpose,
  value,
  onChange,
  label,
  description,
  disabled = false,
}: ImageUploadProps) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'nl';
  const labelId = useId();
  const hintId = useId();
  const openRef = useRef<() => void>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Remembered per guid, so a new image gets a fresh try at its preview.
  const [brokenGuid, setBrokenGuid] = useState<string | null>(null);
  const brokenPreview = value !== null && brokenGuid === value;
  const busy = progress !== null;
  const limit = formatFileSize(MAX_UPLOAD_BYTES, locale);

  // Leaving the screen mid-upload stops sending the file.
  useEffect(() => () => abortRef.current?.abort(), []);

  const message = (reason: UploadFailure, serverMessage = ''): string => {
    switch (reason) {
      case 'type':
        return t('media.errors.type', { types: TYPE_NAMES });
      case 'tooLarge':
        return t('media.errors.tooLarge', { limit });
      case 'failed':
        return serverMessage || t('media.errors.failed');
      default:
        return t(`media.errors.${reason}`);
    }
  };

  async function upload(file: File) {
    setFailure(null);
    setProgress(0);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const image = await uploadImage({
        file,
        purpose,
        language: locale,
        onProgress: setProgress,
        signal: controller.signal,
      });
      onChange(image.guid, {
        width: image.width,
        height: image.height,
        type: image.type,
        size: image.size,
        fileName: image.fileName,
      });
    } catch (error) {
      if (error instanceof UploadError) {
        if (error.reason !== 'aborted') setFailure(message(error.reason, error.message));
      } else {
        setFailure(t('media.errors.failed'));
      }
      // A refusal the user can act on (type, size, rights) is shown, not logged; the rest is a defect.
      if (!(error instanceof UploadError) || error.reason === 'failed') {
        console.error('[media] upload failed:', error);
      }
    } finally {
      abortRef.current = null;
      setProgress(null);
    }
  }

  function reject(rejections: FileRejection[]) {
    const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
    if (codes.includes('too-many-files')) setFailure(t('media.errors.oneFile'));
    else if (codes.includes('file-invalid-type')) setFailure(message('type'));
    else if (codes.includes('file-too-large')) setFailure(message('tooLarge'));
    else setFailure(t('media.errors.failed'));
  }

  return (
    // One group named by the field's label: the choose, replace and remove buttons sit in it.
    <Stack gap={6} className="image-upload" role="group" aria-labelledby={labelId}>
      {/* Styled like every other field's label; it names the group (aria-labelledby). */}
      <Input.Label component="span" id={labelId}>
        {label ?? t('media.upload.label')}
      </Input.Label>
      {description ? <Input.Description>{description}</Input.Description> : null}
      <Group align="stretch" gap="sm" wrap="wrap">
        {value ? (
          <Box className="image-upload-preview">
            {brokenPreview ? (
              <Text size="xs" c="dimmed" p="xs">
                {t('media.upload.previewUnavailable')}
              </Text>
            ) : (
              <Image
                src={imageUrl(value, { width: SITE_IMAGES.cardWidth })}
                alt={t('media.upload.current')}
                fit="contain"
                h={120}
                w={160}
                onError={() => setBrokenGuid(value)}
              />
            )}
          </Box>
        ) : null}
        <Dropzone
          className="image-upload-dropzone"
          onDrop={(files) => {
            const [file] = files;
            if (file) void upload(file);
          }}
          onReject={reject}
          accept={ACCEPT}
          maxSize={MAX_UPLOAD_BYTES}
          multiple={false}
          disabled={disabled || busy}
          loading={busy}
          openRef={openRef}
          // A target for the mouse (drop or click) only: keyboard and screen reader users have the
          // "choose image" button below, which opens the same file dialog. As a focusable button
          // the zone would hold the file input (nested-interactive) and a name unlike its text.
          activateOnKeyboard={false}
        >
          <Stack gap={4} align="center" justify="center" mih={88} style={{ pointerEvents: 'none' }}>
            <Dropzone.Idle>
              <Text size="sm">{t('media.upload.dropHere')}</Text>
            </Dropzone.Idle>
            <Dropzone.Accept>
              <Text size="sm">{t('media.upload.dropNow')}</Text>
            </Dropzone.Accept>
            <Dropzone.Reject>
              <Text size="sm" c="red.8">
                {t('media.upload.dropRejected')}
              </Text>
            </Dropzone.Reject>
            <Text id={hintId} size="xs" c="dimmed" ta="center">
              {t('media.upload.hint', { types: TYPE_NAMES, limit })}
            </Text>
          </Stack>
        </Dropzone>
      </Group>
      {busy ? (
        <Stack gap={2} aria-live="polite">
          <Progress value={Math.round(progress * 100)} aria-label={t('media.upload.progressLabel')} />
          <Text size="xs">{t('media.upload.progress', { percent: Math.round(progress * 100) })}</Text>
        </Stack>
      ) : null}
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => openRef.current?.()}
          disabled={disabled || busy}
          aria-describedby={hintId}
        >
          {value ? t('media.upload.replace') : t('media.upload.choose')}
        </Button>
        {busy ? (
          <Button size="compact-sm" variant="subtle" onClick={() => abortRef.current?.abort()}>
            {t('media.upload.cancel')}
          </Button>
        ) : null}
        {value && !busy ? (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            disabled={disabled}
            onClick={() => {
              setFailure(null);
              onChange(null);
            }}
          >
            {t('media.upload.remove')}
          </Button>
        ) : null}
      </Group>
      {failure ? (
        <Alert color="red" role="alert" className="image-upload-error" p="xs">
          {failure}
        </Alert>
      ) : null}
    </Stack>
  );
}
