import { useTranslation } from 'react-i18next';
import { StatusPage } from '../components/StatusPage';

export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

export default function Unauthorized() {
  const { t } = useTranslation();
  return <StatusPage title={t('status.unauthorized.title')} text={t('status.unauthorized.text')} />;
}
