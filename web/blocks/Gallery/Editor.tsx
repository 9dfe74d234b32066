import { Group, Paper, Stack, Text } from '@mantine/core';
import { GALLERY_COLUMNS, GALLERY_MAX_IMAGES } from '../../../common/blocks/gallery';
import { imageUrl, SITE_IMAGES } from '../../../common/media';
import { ImageUpload } from '../../components/media/ImageUpload';
import { MediaPickerButton } from '../../components/media/MediaPicker';
import { useTranslation } from '../../i18n';
import { type BlockEditor, ChoiceField, ContentTextField, contentError, OptionsSection } from '../editor-kit';
import { OrderedAssets, type OrderedAssetTexts, useAssetName } from '../ordered-assets';
import '../../i18n/editor';

function ImageTexts({
  guid,
  index,
  locale,
  alt,
  caption,
  errors,
  onChange,
}: {
  guid: string;
  index: number;
  locale: 'nl' | 'en';
  alt: string;
  caption: string;
  errors: Record<string, string>;
  onChange(texts: { alt: string; caption: string }): void;
}) {
  const { t } = useTranslation();
  const name = useAssetName(guid, index, IMAGE_TEXTS.name);
  return (
    <Paper withBorder p="sm">
      <Group align="flex-start" wrap="nowrap">
        <img src={imageUrl(guid, { height: SITE_IMAGES.thumbnailHeight })} alt="" height={64} />
        <Stack gap="xs" style={{ flex: 1 }}>
          <ContentTextField
            label={t('blockEditor.gallery.caption', { name })}
            value={caption}
            error={contentError(errors, locale, `captions.${guid}`)}
            onChange={(next) => onChange({ alt, caption: next })}
          />
          <ContentTextField
            label={t('blockEditor.gallery.alt', { name })}
            description={t('blockEditor.fields.altOverrideHint')}
            value={alt}
            error={contentError(errors, locale, `alts.${guid}`)}
            onChange={(next) => onChange({ alt: next, caption })}
          />
        </Stack>
      </Group>
    </Paper>
  );
}

const IMAGE_TEXTS: OrderedAssetTexts = {
  heading: 'blockEditor.gallery.images',
  empty: 'blockEditor.gallery.empty',
  duplicate: 'blockEditor.gallery.duplicate',
  name: 'blockEditor.gallery.imageName',
  moveUp: 'blockEditor.gallery.moveUp',
  moveDown: 'blockEditor.gallery.moveDown',
  remove: 'blockEditor.gallery.remove',
};

export const galleryEditor: BlockEditor<'gallery'> = {
  /** Per language, each image's caption and (when the library's will not do) its own alt text. */
  Content: function GalleryContent({ locale, value, errors, onChange, options }) {
    const { t } = useTranslation();
    const guids = options.imageGuids ?? [];
    if (guids.length === 0) {
      return (
        <Text size="sm" c="dimmed">
          {t('blockEditor.gallery.textsAfterImages')}
        </Text>
      );
    }
    const alts = value.alts ?? {};
    const captions = value.captions ?? {};
    return (
      <Stack gap="sm">
        {guids.map((guid, index) => (
          <ImageTexts
            key={guid}
            guid={guid}
            index={index}
            locale={locale}
            alt={alts[guid] ?? ''}
            caption={captions[guid] ?? ''}
            errors={errors}
            onChange={(texts) =>
              onChange({
                ...value,
                alts: { ...alts, [guid]: texts.alt },
                captions: { ...captions, [guid]: texts.caption },
              })
            }
          />
        ))}
      </Stack>
    );
  },
  /** The images, from the library or uploaded into it, in order; and the grid's columns. */
  Options: function GalleryOptions({ options, errors, setOptions }) {
    const { t } = useTranslation();
    return (
      <OptionsSection>
        <Stack gap="sm">
          <OrderedAssets
            guids={options.imageGuids ?? []}
            onChange={(imageGuids) => setOptions({ imageGuids })}
            texts={IMAGE_TEXTS}
            rowAttribute="data-gallery-image"
            withThumbnail
            error={Object.entries(errors).find(([key]) => key.startsWith('imageGuids'))?.[1]}
            max={GALLERY_MAX_IMAGES}
            adders={(add) => (
              <>
                <div>
                  <MediaPickerButton onPick={add} />
                </div>
                <ImageUpload
                  purpose="library"
                  value={null}
                  label={t('blockEditor.gallery.upload')}
                  onChange={(guid) => guid && add(guid)}
                />
              </>
            )}
          />
          <ChoiceField
            label={t('blockEditor.gallery.columns')}
            values={GALLERY_COLUMNS}
            labelOf={(value) => value}
            value={options.columns}
            error={errors.columns}
            onChange={(columns) => setOptions({ columns })}
          />
        </Stack>
      </OptionsSection>
    );
  },
};
