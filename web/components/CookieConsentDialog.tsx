import '../styles/mantine-overlays.css';
import { Anchor, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { CookieCategory } from '../../common/settings';
import { useTranslation } from '../i18n';
import { useCookieConsent } from './cookie-consent';

/**
 * SPEC 4 cookie consent: required cookies always, the site's other categories by choice. The Modal
 * traps focus, is labelled by its title and described by the intro. Until a choice is stored it has
 * no close button and ignores Escape: the visitor chooses, even if only "required".
 */
export function CookieConsentDialog() {
  const { t, i18n } = useTranslation();
  const consent = useCookieConsent();
  const [chosen, setChosen] = useState<CookieCategory[]>(consent.consent?.categories ?? []);
  // The dialog that opens by itself on a first visit has no control to give the focus back to:
  // after the choice the focus goes to the main content (the skip link's target), not to <body>.
  const [focusMainOnClose, setFocusMainOnClose] = useState(false);
  // Mounted closed first (its code loads when it is first needed, web/components/SiteDialogs.tsx),
  // so that opening is a change the Modal sees: it then remembers where the focus was to return it.
  const [isMounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const choose = (categories: CookieCategory[]) => {
    setFocusMainOnClose(consent.isChoiceRequired);
    consent.save(categories);
  };
  useEffect(() => {
    if (consent.isDialogOpen) setChosen(consent.consent?.categories ?? []);
  }, [consent.isDialogOpen, consent.consent]);
  if (consent.categories.length === 0) return null;
  const canDismiss = !consent.isChoiceRequired;
  return (
    // The compound form, so the header can drop its <header> role: outside <main> Mantine's header
    // would count as a second banner landmark next to the site's.
    <Modal.Root
      opened={isMounted && consent.isDialogOpen}
      onClose={consent.closeDialog}
      closeOnClickOutside={canDismiss}
      closeOnEscape={canDismiss}
      returnFocus={!focusMainOnClose}
      onExitTransitionEnd={() => {
        if (!focusMainOnClose) return;
        setFocusMainOnClose(false);
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
      size="lg"
      zIndex={1100}
      className="cookie-consent-dialog"
      data-testid="cookie-consent-dialog"
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header role="none">
          <Modal.Title className="cookie-dialog-title">{t('cookies.title')}</Modal.Title>
          {canDismiss ? <Modal.CloseButton aria-label={t('buttons.close')} /> : null}
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md">
            <Text size="sm">
              {t('cookies.intro')}{' '}
              <Anchor component={Link} to={`/legal/cookie-statement/${i18n.language}`} inherit>
                {t('cookies.statementLink')}
              </Anchor>
            </Text>
            <Stack gap="sm" component="fieldset" className="cookie-categories">
              <legend className="visually-hidden">{t('cookies.categoriesLegend')}</legend>
              <Checkbox
                checked
                disabled
                className="cookie-category-required"
                label={t('cookies.category.required')}
                description={t('cookies.description.required')}
              />
              {consent.categories.map((category) => (
                <Checkbox
                  key={category}
                  name={category}
                  checked={chosen.includes(category)}
                  onChange={(event) => {
                    const isChecked = event.currentTarget.checked;
                    setChosen((current) =>
                      isChecked ? [...current, category] : current.filter((value) => value !== category),
                    );
                  }}
                  label={t(`cookies.category.${category}`)}
                  description={t(`cookies.description.${category}`)}
                />
              ))}
            </Stack>
            <Group justify="flex-end" gap="sm" className="cookie-dialog-actions">
              <Button variant="default" onClick={() => choose([])}>
                {t('cookies.onlyRequired')}
              </Button>
              <Button variant="default" onClick={() => choose(chosen)}>
                {t('cookies.saveChoice')}
              </Button>
              <Button onClick={() => choose(consent.categories)}>{t('cookies.acceptAll')}</Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
