import { StatusPage } from '../components/StatusPage';
import { sharedCatalogue, useTranslation } from '../i18n';
import type { RootLoaderData } from '../root';
import type { Route } from './+types/unauthorized';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootLoaderData | undefined;
  const title = sharedCatalogue(root?.shell.locale ?? 'nl').status.unauthorized.title;
  return [
    { title: `${title} | ${root?.shell.settings.platformName ?? 'Bouwsteen'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Unauthorized() {
  const { t } = useTranslation();
  return <StatusPage title={t('status.unauthorized.title')} text={t('status.unauthorized.text')} />;
}
