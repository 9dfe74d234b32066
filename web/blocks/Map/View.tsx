import { Anchor, Text } from '@mantine/core';
import { useCookieConsent } from '../../components/cookie-consent';
import { FunctionalConsentButton } from '../../components/FunctionalConsentButton';
import { useTranslation } from '../../i18n';
import type { BlockViewProps } from '../registry';

/**
 * A map of one place (site.css `.map-block`). OpenStreetMap's embedded map loads from their
 * servers, so, as the video's player, its frame is only made after the visitor consents to
 * functional cookies; until then a notice in its place offers that consent. Every visitor, with
 * JavaScript or without, with consent or without, reads the place's name, its address and a plain
 * link to the place on OpenStreetMap below it: the frame itself says little to a screen reader.
 */
export function MapBlock({ block }: BlockViewProps<'map'>) {
  const { t, i18n } = useTranslation();
  const map = block.data;
  const consent = useCookieConsent();
  // The notice is in the page's language, also where the map shows Dutch for want of a translation.
  const labelLang = block.contentLang ? i18n.language : undefined;
  const name = map.title || t('map.label');
  return (
    <figure className="map-block">
      {consent.accepts('functional') ? (
        <div className="map-block-frame">
          <iframe
            src={map.embedUrl}
            title={name}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      ) : (
        <div className="map-block-frame map-block-consent" lang={labelLang}>
          <Text size="sm">{t('map.consentNotice')}</Text>
          <FunctionalConsentButton className="map-block-consent-button" label={t('map.consentButton')} />
        </div>
      )}
      <figcaption className="map-block-caption">
        <span className="map-block-name">{name}</span>
        {map.address ? <span className="map-block-address">{map.address}</span> : null}
        <Anchor href={map.url} rel="noopener noreferrer" size="sm" className="map-block-link">
          {t('map.openExternally', { place: name })}
        </Anchor>
      </figcaption>
    </figure>
  );
}
