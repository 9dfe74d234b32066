import { Anchor, Button, Divider, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { type KeyboardEvent, useRef, useState } from 'react';
import { MAX_MAP_ADDRESS_LENGTH } from '../../../common/blocks/map';
import {
  type Coordinates,
  DEFAULT_ZOOM,
  formatCoordinates,
  isLatitude,
  isLongitude,
  MAX_PLACE_INPUT_LENGTH,
  MAX_ZOOM,
  MIN_ZOOM,
  openStreetMapUrl,
  parsePlace,
} from '../../../common/geo';
import { ApiError, api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { type BlockEditor, ContentTextField, contentError, type OptionsDraft } from '../editor-kit';
import '../../i18n/editor';
import { GrowingTextarea } from '../../components/GrowingTextarea';

/** A place the address search found (GET /api/geocode). */
type FoundPlace = Coordinates & { label: string };

type Search =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'found'; places: FoundPlace[] }
  | { state: 'failed'; message: string };

/** The shortest search the server takes (its schema: at least two characters). */
const MIN_SEARCH_LENGTH = 2;

const placeOf = (options: OptionsDraft<'map'>): Coordinates | null =>
  isLatitude(options.latitude) && isLongitude(options.longitude)
    ? { latitude: options.latitude, longitude: options.longitude }
    : null;

/**
 * A map: the place's name and address per language; where it is once. The place is found by
 * address (the site's geocoder, GET /api/geocode: a result is a button, and choosing one puts it on
 * the map and the focus in the coordinates), or typed or pasted as coordinates or a link of
 * OpenStreetMap (the one rule of common/geo.ts). When the search does not work the editor says why
 * (the server's message) and the coordinates field is right below it.
 */
export const mapEditor: BlockEditor<'map'> = {
  Content: function MapContent({ locale, value, errors, onChange }) {
    const { t } = useTranslation();
    return (
      <Stack gap="sm">
        <ContentTextField
          label={t('blockEditor.fields.mapTitle')}
          description={t('blockEditor.fields.mapTitleHint')}
          required
          value={value.title}
          error={contentError(errors, locale, 'title')}
          onChange={(title) => onChange({ ...value, title })}
        />
        <GrowingTextarea
          label={t('blockEditor.fields.mapAddress')}
          description={t('blockEditor.fields.mapAddressHint')}
          minRows={2}
          maxLength={MAX_MAP_ADDRESS_LENGTH}
          value={value.address ?? ''}
          error={contentError(errors, locale, 'address')}
          onChange={(event) => onChange({ ...value, address: event.currentTarget.value })}
        />
      </Stack>
    );
  },
  Options: function MapOptions({ options, errors, setOptions }) {
    const { t } = useTranslation();
    const coordinatesField = useRef<HTMLInputElement>(null);
    const [query, setQuery] = useState('');
    const [search, setSearch] = useState<Search>({ state: 'idle' });
    const [chosen, setChosen] = useState<string | null>(null);
    const [coordinates, setCoordinates] = useState(() => {
      const place = placeOf(options);
      return place ? formatCoordinates(place) : '';
    });
    const place = placeOf(options);

    async function find() {
      const q = query.trim();
      setChosen(null);
      if (q.length < MIN_SEARCH_LENGTH) {
        setSearch({ state: 'failed', message: t('validation.minLength', { minimum: MIN_SEARCH_LENGTH }) });
        return;
      }
      setSearch({ state: 'searching' });
      try {
        const { results } = await unwrap(api.GET('/api/geocode', { params: { query: { q } } }));
        setSearch({ state: 'found', places: results });
      } catch (error) {
        // The server says why in the page's language (turned off, not answering, too many searches);
        // without an answer at all, our own words.
        const message =
          error instanceof ApiError && error.status !== 0
            ? error.message
            : t('blockEditor.fields.mapSearchFailed');
        setSearch({ state: 'failed', message });
      }
    }

    function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
      // Enter searches; it does not save the block.
      if (event.key !== 'Enter') return;
      event.preventDefault();
      void find();
    }

    function choose(found: FoundPlace) {
      setOptions({ latitude: found.latitude, longitude: found.longitude });
      setCoordinates(formatCoordinates(found));
      setChosen(found.label);
      setSearch({ state: 'idle' });
      // The chosen result's button goes: the focus goes on to the place it filled in.
      coordinatesField.current?.focus();
    }

    function typeCoordinates(text: string) {
      setCoordinates(text);
      setChosen(null);
      if (text.trim() === '') {
        setOptions({ latitude: null, longitude: null });
        return;
      }
      const parsed = parsePlace(text);
      if (parsed) {
        const { latitude, longitude, zoom } = parsed;
        setOptions({ latitude, longitude, ...(zoom === undefined ? {} : { zoom }) });
      } else {
        // Not a place: the block's schema refuses it, so the form cannot be saved with the old one.
        setOptions({ latitude: Number.NaN, longitude: Number.NaN });
      }
    }

    const coordinatesError = errors.latitude ?? errors.longitude;
    const isUnreadable = coordinates.trim() !== '' && parsePlace(coordinates) === null;

    return (
      <>
        <Divider label={t('blockEditor.fields.mapPlace')} labelPosition="left" />
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('blockEditor.fields.mapSearch')}
            description={t('blockEditor.fields.mapSearchHint')}
            value={query}
            maxLength={200}
            onChange={(event) => setQuery(event.currentTarget.value)}
            onKeyDown={onSearchKey}
          />
          <Button variant="default" loading={search.state === 'searching'} onClick={() => void find()}>
            {t('blockEditor.fields.mapSearchButton')}
          </Button>
        </Group>
        <div aria-live="polite">
          {search.state === 'searching' && <Text size="sm">{t('blockEditor.fields.mapSearching')}</Text>}
          {search.state === 'failed' && (
            <Text size="sm" c="red.9">
              {search.message}
            </Text>
          )}
          {search.state === 'found' && (
            <Text size="sm">
              {search.places.length === 0
                ? t('blockEditor.fields.mapNone')
                : t('blockEditor.fields.mapFound', { count: search.places.length })}
            </Text>
          )}
          {chosen !== null && <Text size="sm">{t('blockEditor.fields.mapChosen', { place: chosen })}</Text>}
        </div>
        {search.state === 'found' && search.places.length > 0 && (
          <Stack
            component="ul"
            gap={4}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('blockEditor.fields.mapResults')}
          >
            {search.places.map((found) => (
              <li key={`${found.latitude},${found.longitude},${found.label}`}>
                <Button
                  variant="default"
                  fullWidth
                  justify="flex-start"
                  h="auto"
                  py={6}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                  onClick={() => choose(found)}
                >
                  {found.label}
                </Button>
              </li>
            ))}
          </Stack>
        )}
        <TextInput
          ref={coordinatesField}
          label={t('blockEditor.fields.mapCoordinates')}
          description={t('blockEditor.fields.mapCoordinatesHint')}
          autoComplete="off"
          maxLength={MAX_PLACE_INPUT_LENGTH}
          value={coordinates}
          error={
            coordinatesError
              ? isUnreadable
                ? t('blockEditor.fields.mapCoordinatesInvalid')
                : coordinatesError
              : undefined
          }
          onChange={(event) => typeCoordinates(event.currentTarget.value)}
          // A pasted link reads as its coordinates once the field is left.
          onBlur={() => {
            const parsed = parsePlace(coordinates);
            if (parsed) setCoordinates(formatCoordinates(parsed));
          }}
        />
        <NumberInput
          label={t('blockEditor.fields.mapZoom')}
          description={t('blockEditor.fields.mapZoomHint')}
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          value={options.zoom ?? DEFAULT_ZOOM}
          error={errors.zoom}
          onChange={(zoom) => setOptions({ zoom: typeof zoom === 'number' ? zoom : undefined })}
        />
        {place ? (
          <Anchor
            href={openStreetMapUrl(place, options.zoom ?? DEFAULT_ZOOM)}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
          >
            {t('blockEditor.fields.mapCheck')}
          </Anchor>
        ) : null}
      </>
    );
  },
};
