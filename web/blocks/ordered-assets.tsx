import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { imageUrl, SITE_IMAGES } from '../../common/media';
import { api, unwrap } from '../api/client';
import { useTranslation } from '../i18n';
import '../i18n/editor';
import { movedRow, removedRow } from './ordered-rows';

/**
 * The catalogue keys of one block's list of library assets (issue 27: the gallery's images, the
 * download block's documents): its heading, what it says when empty or when an asset is added
 * twice, an asset's name while it has no title (`{{number}}`), and its buttons (`{{name}}`).
 */
export type OrderedAssetTexts = {
  heading: string;
  empty: string;
  duplicate: string;
  name: string;
  moveUp: string;
  moveDown: string;
  remove: string;
};

/** An asset's name in the editor: its title in the library, else its place in the block. */
export function useAssetName(guid: string, index: number, nameKey: string): string {
  const { t } = useTranslation();
  const asset = useQuery({
    queryKey: ['media', 'asset', guid],
    queryFn: () => unwrap(api.GET('/api/media/{guid}', { params: { path: { guid } } })),
    retry: false,
  });
  return asset.data?.title || t(nameKey, { number: index + 1 });
}

/**
 * A block's ordered list of library assets in its options: each asset a row named after it, with
 * up, down and remove buttons (the focus stays with the moved row, or goes to the next sensible
 * control), then the ways to add one (`adders`: the library's picker first, then an upload) while
 * there is room. An asset added twice is said, not added.
 */
export function OrderedAssets({
  guids,
  onChange,
  texts,
  rowAttribute,
  withThumbnail = false,
  error,
  max,
  adders,
}: {
  guids: string[];
  onChange(next: string[]): void;
  texts: OrderedAssetTexts;
  /** Each row's data attribute, valued with its asset's guid (`data-gallery-image`). */
  rowAttribute: `data-${string}`;
  withThumbnail?: boolean;
  error?: string | undefined;
  max: number;
  adders(add: (guid: string) => void): ReactNode;
}) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<string | null>(null);
  const headingId = useId();
  const add = (guid: string) => {
    const id = guid.toLowerCase();
    if (guids.includes(id)) {
      setNotice(t(texts.duplicate));
      return;
    }
    setNotice(null);
    onChange([...guids, id]);
  };
  const rowOf = (guid: string) => `[${rowAttribute}="${guid}"]`;
  const move = (index: number, step: -1 | 1) => {
    const next = movedRow(guids, index, step, rowOf);
    if (next) onChange(next);
  };
  const remove = (index: number) => onChange(removedRow(guids, index, rowOf, '[data-asset-adders] button'));
  return (
    <Stack gap="sm">
      <Text fw={500} size="sm" id={headingId}>
        {t(texts.heading)}
      </Text>
      {guids.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(texts.empty)}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={4}
          aria-labelledby={headingId}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {guids.map((guid, index) => (
            <li key={guid}>
              <AssetRow
                guid={guid}
                index={index}
                count={guids.length}
                texts={texts}
                rowAttribute={rowAttribute}
                withThumbnail={withThumbnail}
                onMove={(step) => move(index, step)}
                onRemove={() => remove(index)}
              />
            </li>
          ))}
        </Stack>
      )}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {notice ? (
        <Text size="sm" role="status">
          {notice}
        </Text>
      ) : null}
      {guids.length < max ? (
        <Stack gap="sm" data-asset-adders>
          {adders(add)}
        </Stack>
      ) : null}
    </Stack>
  );
}

function AssetRow({
  guid,
  index,
  count,
  texts,
  rowAttribute,
  withThumbnail,
  onMove,
  onRemove,
}: {
  guid: string;
  index: number;
  count: number;
  texts: OrderedAssetTexts;
  rowAttribute: `data-${string}`;
  withThumbnail: boolean;
  onMove(step: -1 | 1): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const name = useAssetName(guid, index, texts.name);
  return (
    <Paper withBorder p="xs" {...{ [rowAttribute]: guid }}>
      <Group justify="space-between" wrap="nowrap">
        <Group wrap="nowrap" gap="sm">
          {withThumbnail ? (
            <img src={imageUrl(guid, { height: SITE_IMAGES.thumbnailHeight })} alt="" height={48} />
          ) : null}
          <Text size="sm">{name}</Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            data-move="up"
            disabled={index === 0}
            aria-label={t(texts.moveUp, { name })}
            onClick={() => onMove(-1)}
          >
            <span aria-hidden="true">↑</span>
          </ActionIcon>
          <ActionIcon
            variant="default"
            data-move="down"
            disabled={index === count - 1}
            aria-label={t(texts.moveDown, { name })}
            onClick={() => onMove(1)}
          >
            <span aria-hidden="true">↓</span>
          </ActionIcon>
          <ActionIcon
            variant="default"
            color="red"
            data-remove
            aria-label={t(texts.remove, { name })}
            onClick={onRemove}
          >
            <span aria-hidden="true">×</span>
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}
