import { AspectRatio, Button, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BlockOptions } from '../../common/blocks';
import { useCookieConsent } from '../components/cookie-consent';
import type { BlockProps } from './registry';

/** YouTube or Vimeo, loaded only after the visitor consents to functional cookies. */
export function VideoBlock({ block }: BlockProps) {
  const { t } = useTranslation();
  const video = block.data as { provider: 'youtube' | 'vimeo'; embedUrl: string; title: string; url: string };
  const { aspectRatio } = block.options as BlockOptions<'video'>;
  const consent = useCookieConsent();
  const [width, height] = aspectRatio.split('/').map(Number);
  const ratio = (width ?? 16) / (height ?? 9);
  if (!consent.accepts('functional')) {
    return (
      <AspectRatio ratio={ratio}>
        <Paper withBorder p="lg" className="video-consent" role="region" aria-label={video.title}>
          <Stack align="center" justify="center" h="100%" gap="sm">
            <Text fw={600}>{video.title}</Text>
            <Text size="sm" ta="center">
              {t('video.consentNotice', { provider: video.provider === 'youtube' ? 'YouTube' : 'Vimeo' })}
            </Text>
            <Button onClick={() => consent.accept(['functional'])}>{t('video.consentButton')}</Button>
            <Text size="xs">
              <a href={video.url} rel="noopener noreferrer">
                {t('video.openExternally')}
              </a>
            </Text>
          </Stack>
        </Paper>
      </AspectRatio>
    );
  }
  return (
    <AspectRatio ratio={ratio}>
      <iframe
        src={video.embedUrl}
        title={video.title}
        loading="lazy"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        style={{ border: 0 }}
      />
    </AspectRatio>
  );
}
