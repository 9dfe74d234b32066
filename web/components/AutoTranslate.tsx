import { useEffect, useState } from 'react';
import {
  AUTO_TRANSLATE_COOKIE,
  AUTO_TRANSLATE_MAX_AGE_SECONDS,
  AUTO_TRANSLATE_ON,
} from '../../common/translation';
import { useLocale, useTranslation } from '../i18n';
import { useRootData } from '../layouts/root-data';
import { writeCookie } from './browser-cookie';

type Status = 'idle' | 'busy' | 'done' | 'failed';

/** The conditional cookie of SPEC 9, there only while the visitor wants translation. */
function rememberChoice(isOn: boolean) {
  writeCookie(
    AUTO_TRANSLATE_COOKIE,
    isOn ? AUTO_TRANSLATE_ON : '',
    isOn ? AUTO_TRANSLATE_MAX_AGE_SECONDS : 0,
  );
}

/**
 * The visitor's choice for automatic translation (SPEC 1, 9), in the header beside the language
 * switch: shown to English readers when the site offers it. The translation code loads only when
 * the visitor turns it on.
 */
export function AutoTranslate() {
  const { t } = useTranslation();
  const locale = useLocale();
  const offer = useRootData()?.autoTranslate;
  const [isOn, setIsOn] = useState(offer?.isOn ?? false);
  const [status, setStatus] = useState<Status>('idle');
  const isShown = Boolean(offer?.isOffered) && locale === 'en';

  useEffect(() => {
    if (!isShown || !isOn) return;
    let stop = () => {};
    let isCurrent = true;
    // The first round is announced; later ones (new content after a navigation) only if they fail.
    const track = (promise: Promise<number>, announce: boolean) => {
      if (announce) setStatus('busy');
      promise.then(
        () => isCurrent && setStatus((current) => (announce || current === 'failed' ? 'done' : current)),
        () => isCurrent && setStatus('failed'),
      );
    };
    void import('../auto-translate/translate-dom').then((dom) => {
      if (!isCurrent) return;
      track(dom.translatePage(), true);
      stop = dom.keepTranslated((promise) => track(promise, false));
    });
    return () => {
      isCurrent = false;
      stop();
    };
  }, [isShown, isOn]);

  if (!isShown) return null;
  const toggle = () => {
    const next = !isOn;
    rememberChoice(next);
    setIsOn(next);
    if (!next) {
      setStatus('idle');
      void import('../auto-translate/translate-dom').then((dom) => dom.restorePage());
    }
  };
  return (
    <>
      <button
        type="button"
        className="auto-translate-toggle"
        aria-pressed={isOn}
        aria-describedby="auto-translate-status"
        title={t('autoTranslate.help')}
        onClick={toggle}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none">
          <path
            d="M4 5h8M8 3v2m2 0c-.5 3.5-3 6.5-6 8m2-5c1 2.2 3 4 5.5 5M13 21l4-10 4 10m-6.8-3.5h5.6"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="auto-translate-label">{t('autoTranslate.label')}</span>
      </button>
      <span id="auto-translate-status" className="visually-hidden" role="status">
        {status === 'idle' ? '' : t(`autoTranslate.status.${status}`)}
      </span>
    </>
  );
}
