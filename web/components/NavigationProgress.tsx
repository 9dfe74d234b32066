import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { LOADING_INDICATOR_DELAY_MS } from '../../common/layout';
import { useTranslation } from '../i18n';

/**
 * SPEC 4/9: a loading bar at the top of the window, but only once a navigation has taken longer
 * than 1 second; fast pages never flash it.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const isLoading = navigation.state !== 'idle';
  const [isVisible, setVisible] = useState(false);
  useEffect(() => {
    if (!isLoading) {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), LOADING_INDICATOR_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isLoading]);
  if (!isVisible) return null;
  return (
    <div className="page-loading" role="progressbar" aria-label={t('status.loading')} aria-busy="true">
      <div className="page-loading-bar" />
    </div>
  );
}
