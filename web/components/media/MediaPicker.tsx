import { Button, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { isLocale } from '../../../common/localized-text';
import { useViewer } from '../../account/viewer';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import '../../i18n/media';
import '../../styles/media-library.css';
import { ImageUpload, type ImageUploadProps } from './ImageUpload';

const MediaLibrary = lazy(() =>
  import('./MediaLibrary').then((module) => ({ default: module.MediaLibrary })),
);

/**
 * An image field's way into the media library (issue 27): a dialog with the library (search,
 * filters, upload inside it); choosing an image picks it and closes the dialog, the focus back on
 * the button.
 */
export function MediaPickerButton({
  onPick,
  field,
  disabled = false,
  kind,
}: {
  onPick: (guid: string) => void;
  /** Only images or only documents at first (issue 27: a download block picks documents). */
  kind?: 'image' | 'document';
  /** The field's label, in the button's name when a screen has several image fields. */
  field?: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  useEscapeClosesOnlyThePicker(isOpen, close);
  return (
    <>
      <Button
        ref={button}
        variant="default"
        disabled={disabled}
        aria-label={field ? t('mediaLibrary.picker.openFor', { field }) : undefined}
        onClick={() => setOpen(true)}
      >
        {t('mediaLibrary.picker.open')}
      </Button>
      <Modal
        opened={isOpen}
        onClose={close}
        // Escape is the picker's own (useEscapeClosesOnlyThePicker): it must not reach the dialog below.
        closeOnEscape={false}
        className={PICKER_CLASS}
        title={t(kind === 'document' ? 'mediaLibrary.picker.titleDocument' : 'mediaLibrary.picker.title')}
        size="90rem"
      >
        {isOpen ? (
          <Suspense fallback={<Text>{t('mediaLibrary.loading')}</Text>}>
            <MediaLibrary
              {...(kind ? { kind } : {})}
              onPick={(asset) => {
                onPick(asset.guid);
                close();
              }}
            />
          </Suspense>
        ) : null}
      </Modal>
    </>
  );
}

const PICKER_CLASS = 'media-picker-modal';
/** Mantine's dialogs leave an Escape alone whose target carries this attribute (as its own comboboxes do). */
const STOP_ESCAPE = 'data-mantine-stop-propagation';

/**
 * The picker opens over a drawer or dialog (a block, an item, a header image). Every Mantine dialog
 * open hears an Escape, so one Escape closed the picker and the dialog below it, and the focus had
 * nowhere to go back to. While the picker is open, what has the focus inside it carries the
 * attribute that Mantine's dialogs skip, and Escape closes the picker alone; a combobox in it with
 * its list open keeps its Escape for the list.
 */
function useEscapeClosesOnlyThePicker(isOpen: boolean, close: () => void) {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!isOpen) return;
    const marked = new Set<HTMLElement>();
    const inPicker = (target: EventTarget | null): target is HTMLElement =>
      target instanceof HTMLElement && target.closest(`.${PICKER_CLASS}`) !== null;
    const markElement = (target: EventTarget | null) => {
      if (!inPicker(target) || target.hasAttribute(STOP_ESCAPE)) return;
      target.setAttribute(STOP_ESCAPE, 'true');
      marked.add(target);
    };
    const mark = (event: FocusEvent) => markElement(event.target);
    const unmark = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (!marked.delete(target)) return;
      target.removeAttribute(STOP_ESCAPE);
    };
    const onEscape = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.key !== 'Escape' || event.isComposing || !marked.has(target)) return;
      if (target.getAttribute('aria-expanded') === 'true') return;
      closeRef.current();
    };
    // The focus may already be inside (the dialog focuses its first control as it opens).
    markElement(document.activeElement);
    document.addEventListener('focusin', mark, true);
    document.addEventListener('focusout', unmark, true);
    window.addEventListener('keydown', onEscape, true);
    return () => {
      document.removeEventListener('focusin', mark, true);
      document.removeEventListener('focusout', unmark, true);
      window.removeEventListener('keydown', onEscape, true);
      for (const element of marked) element.removeAttribute(STOP_ESCAPE);
    };
  }, [isOpen]);
}

/** What the library says of the chosen image: its title and alt text (or that it has none). */
export function AssetSummary({ guid }: { guid: string }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'nl';
  const asset = useQuery({
    queryKey: ['media', 'asset', guid],
    queryFn: () => unwrap(api.GET('/api/media/{guid}', { params: { path: { guid } } })),
    retry: false,
  });
  if (!asset.data) return null;
  const alt = asset.data.alt[locale] || asset.data.alt.nl;
  return (
    <Text size="sm" aria-live="polite">
      {t('mediaLibrary.picker.chosen', { title: asset.data.title })}{' '}
      {asset.data.isDecorative
        ? t('mediaLibrary.picker.assetDecorative')
        : alt
          ? t('mediaLibrary.picker.assetAlt', { alt })
          : t('mediaLibrary.picker.assetNoAlt')}
    </Text>
  );
}

/**
 * An image field (issue 27): upload a new image, or, for whoever may use the media library (the
 * viewer's `canUseLibrary`, from the policy), choose one of its assets. Either way the field keeps
 * the asset's guid, so where-used lists the record and the asset's alt text applies.
 */
export function LibraryImageField(props: ImageUploadProps) {
  const viewer = useViewer();
  const canUseLibrary = viewer?.canUseLibrary === true;
  return (
    <Stack gap="xs">
      <ImageUpload {...props} />
      {canUseLibrary ? (
        <MediaPickerButton
          field={props.label}
          disabled={props.disabled ?? false}
          onPick={(guid) => props.onChange(guid)}
        />
      ) : null}
      {canUseLibrary && props.value ? <AssetSummary guid={props.value} /> : null}
    </Stack>
  );
}
