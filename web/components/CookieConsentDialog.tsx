import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CookieCategory } from '../../common/settings';
import { useCookieConsent } from './cookie-consent';

/** SPEC 4 cookie consent: required cookies always, the site's other categories by choice. */
export function CookieConsentDialog({ categories }: { categories: CookieCategory[] }) {
  const { t, i18n } = useTranslation();
  const consent = useCookieConsent();
  const [chosen, setChosen] = useState<CookieCategory[]>(consent.consent?.categories ?? []);
  useEffect(() => {
    if (consent.isDialogOpen) setChosen(consent.consent?.categories ?? []);
  }, [consent.isDialogOpen, consent.consent]);
  return (
    <Modal
      opened={consent.isDialogOpen}
      onClose={consent.closeDialog}
      title={t('cookies.title')}
      closeOnClickOutside={false}
      withCloseButton={consent.consent !== null}
      closeOnEscape={consent.consent !== null}
      size="lg"
      data-testid="cookie-consent-dialog"
    >
      <Stack gap="md">
        <Text size="sm">
          {t('cookies.intro')}{' '}
          <Link to={`/legal/cookie-statement/${i18n.language}`} onClick={consent.closeDialog}>
            {t('cookies.statementLink')}
          </Link>
        </Text>
        <Checkbox
          checked
          disabled
          label={t('cookies.category.required')}
          description={t('cookies.description.required')}
        />
        {categories.map((category) => (
          <Checkbox
            key={category}
            checked={chosen.includes(category)}
            onChange={(event) =>
              setChosen((current) =>
                event.currentTarget.checked
                  ? [...current, category]
                  : current.filter((value) => value !== category),
              )
            }
            label={t(`cookies.category.${category}`)}
            description={t(`cookies.description.${category}`)}
          />
        ))}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => consent.save([])}>
            {t('cookies.onlyRequired')}
          </Button>
          <Button variant="light" onClick={() => consent.save(chosen)}>
            {t('cookies.saveChoice')}
          </Button>
          <Button onClick={() => consent.save(categories)}>{t('cookies.acceptAll')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
