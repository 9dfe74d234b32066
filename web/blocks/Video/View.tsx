import { Anchor, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { VideoProvider } from '../../../common/blocks/video';
import { useCookieConsent } from '../../components/cookie-consent';
import { FunctionalConsentButton } from '../../components/FunctionalConsentButton';
import { useTranslation } from '../../i18n';
import type { BlockViewProps } from '../registry';

const PROVIDER_NAMES: Record<VideoProvider, string> = { youtube: 'YouTube', vimeo: 'Vimeo' };

/**
 * YouTube or Vimeo. The player sets cookies, so its iframe is only created after the visitor
 * consents to functional cookies; until then a notice in the video's place offers that consent
 * and a plain link to the video.
 */
export function VideoBlock({ block }: BlockViewProps<'video'>) {
  const { t } = useTranslation();
  const video = block.data;
  const { aspectRatio } = block.options;
  const consent = useCookieConsent();
  const style = { '--video-aspect-ratio': aspectRatio.replace('/', ' / ') } as CSSProperties;
  if (!consent.accepts('functional')) {
    return (
      <figure className="video video-consent" style={style} aria-label={video.title}>
        <div className="video-consent-body">
          <Text fw={600} component="figcaption">
            {video.title}
          </Text>
          <Text size="sm">{t('video.consentNotice', { provider: PROVIDER_NAMES[video.provider] })}</Text>
          <FunctionalConsentButton className="video-consent-button" label={t('video.consentButton')} />
          <Anchor href={video.url} rel="noopener noreferrer" size="sm">
            {t('video.openExternally')}
          </Anchor>
        </div>
      </figure>
    );
  }
  return (
    <figure className="video" style={style}>
      <iframe
        src={video.embedUrl}
        title={video.title}
        loading="lazy"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </figure>
  );
}
