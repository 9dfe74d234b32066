import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import {
  CARDS_COLUMNS,
  emptyCardTexts,
  MAX_CARD_TEXT_LENGTH,
  MAX_CARDS,
  newCardKey,
} from '../../../common/blocks/cards';
import { LinkField } from '../../components/edit/LinkPicker';
import { LibraryImageField } from '../../components/media/MediaPicker';
import { useTranslation } from '../../i18n';
import {
  type BlockEditor,
  ChoiceField,
  type ContentDraft,
  ContentTextField,
  contentError,
  type OptionsDraft,
  OptionsSection,
} from '../editor-kit';
import '../../i18n/editor';
import { GrowingTextarea } from '../../components/GrowingTextarea';
import { focusLater, movedRow, removedRow } from '../ordered-rows';

type CardOptions = NonNullable<OptionsDraft<'cards'>['cards']>;
type CardTexts = NonNullable<ContentDraft<'cards'>['cards']>;

/**
 * The texts of one language with an entry for every card of the options, in their order, and none
 * for a card that is gone: a new card's empty title is then a required field the drawer checks.
 */
function textsFor(cards: CardOptions, texts: CardTexts): CardTexts {
  return Object.fromEntries(
    cards.map((card) => [card.key, Object.hasOwn(texts, card.key) ? texts[card.key] : emptyCardTexts()]),
  ) as CardTexts;
}

/** Whether the texts have an entry for every card and no other (the options' keys are unique). */
const sameKeys = (cards: CardOptions, texts: CardTexts) => {
  const keys = new Set(cards.map((card) => card.key));
  const own = Object.keys(texts);
  return own.length === keys.size && own.every((key) => keys.has(key));
};

export const cardsEditor: BlockEditor<'cards'> = {
  /** Per language, each card's title, text and (when the library's will not do) its image's alt text. */
  Content: function CardsContent({ locale, value, errors, onChange, options }) {
    const { t } = useTranslation();
    const cards: CardOptions = options.cards ?? [];
    const stored: CardTexts = value.cards ?? {};
    const texts = textsFor(cards, stored);
    const isInStep = sameKeys(cards, stored);
    // A card added or removed below: this language's texts follow, so that the new card's title is
    // asked for (the check runs on what the drawer holds) and a removed card's texts are not kept.
    useEffect(() => {
      if (!isInStep) onChange({ ...value, cards: texts });
    });
    const update = (key: string, patch: Partial<CardTexts[string]>) =>
      onChange({ ...value, cards: { ...texts, [key]: { ...emptyCardTexts(), ...texts[key], ...patch } } });
    return (
      <Stack gap="sm">
        {cards.map((card, index) => {
          const own = texts[card.key] ?? emptyCardTexts();
          const number = index + 1;
          return (
            <Paper key={card.key} withBorder p="sm" data-card-texts={card.key}>
              <Stack gap="xs">
                <ContentTextField
                  label={t('blockEditor.cards.title', { number })}
                  description={t('blockEditor.cards.titleHint')}
                  required
                  value={own.title}
                  error={contentError(errors, locale, `cards.${card.key}.title`)}
                  onChange={(title) => update(card.key, { title })}
                />
                <GrowingTextarea
                  label={t('blockEditor.cards.text', { number })}
                  minRows={2}
                  maxLength={MAX_CARD_TEXT_LENGTH}
                  value={own.text ?? ''}
                  error={contentError(errors, locale, `cards.${card.key}.text`)}
                  onChange={(event) => update(card.key, { text: event.currentTarget.value })}
                />
                {card.imageGuid ? (
                  <ContentTextField
                    label={t('blockEditor.cards.alt', { number })}
                    description={t('blockEditor.fields.altOverrideHint')}
                    value={own.alt}
                    error={contentError(errors, locale, `cards.${card.key}.alt`)}
                    onChange={(alt) => update(card.key, { alt })}
                  />
                ) : null}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    );
  },
  /**
   * The cards in order, the same in every language: each one's image (from the media library or
   * uploaded into it) and link (the link picker); the buttons that move and remove a card are named
   * after it and keep the focus with it. Then the grid's columns.
   */
  Options: function CardsOptions({ options, errors, setOptions, blockGuid }) {
    const { t } = useTranslation();
    const cards: CardOptions = options.cards ?? [];
    const setCards = (next: CardOptions) => setOptions({ cards: next });
    const patch = (index: number, change: Partial<CardOptions[number]>) =>
      setCards(cards.map((card, at) => (at === index ? { ...card, ...change } : card)));
    const rowOf = (card: CardOptions[number]) => `[data-card="${card.key}"]`;
    const move = (index: number, step: -1 | 1) => {
      const next = movedRow(cards, index, step, rowOf);
      if (next) setCards(next);
    };
    const remove = (index: number) => setCards(removedRow(cards, index, rowOf, '[data-add-card]'));
    const add = () => {
      const key = newCardKey(cards.map((card) => card.key));
      setCards([...cards, { key, imageGuid: null }]);
      focusLater(`[data-card="${key}"] [data-move="up"]`, '[data-add-card]');
    };
    const cardsError = Object.entries(errors).find(([key]) => /^cards(\.\d+)?$/.test(key))?.[1];
    return (
      <OptionsSection>
        <Stack gap="sm">
          <Text fw={500} size="sm">
            {t('blockEditor.cards.cards')}
          </Text>
          {cards.map((card, index) => {
            const number = index + 1;
            const name = t('blockEditor.cards.cardName', { number });
            return (
              <Paper key={card.key} withBorder p="sm" data-card={card.key}>
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={500} size="sm">
                      {name}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="default"
                        data-move="up"
                        disabled={index === 0}
                        aria-label={t('blockEditor.cards.moveUp', { number })}
                        onClick={() => move(index, -1)}
                      >
                        <span aria-hidden="true">↑</span>
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        data-move="down"
                        disabled={index === cards.length - 1}
                        aria-label={t('blockEditor.cards.moveDown', { number })}
                        onClick={() => move(index, 1)}
                      >
                        <span aria-hidden="true">↓</span>
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        color="red"
                        data-remove
                        disabled={cards.length <= 1}
                        aria-label={t('blockEditor.cards.remove', { number })}
                        onClick={() => remove(index)}
                      >
                        <span aria-hidden="true">×</span>
                      </ActionIcon>
                    </Group>
                  </Group>
                  <LibraryImageField
                    purpose={blockGuid ? { block: blockGuid } : 'library'}
                    value={card.imageGuid ?? null}
                    label={t('blockEditor.cards.image', { number })}
                    onChange={(imageGuid) => patch(index, { imageGuid })}
                  />
                  {errors[`cards.${index}.imageGuid`] ? (
                    <Text size="sm" c="red" role="alert">
                      {errors[`cards.${index}.imageGuid`]}
                    </Text>
                  ) : null}
                  <LinkField
                    label={t('blockEditor.cards.link', { number })}
                    description={t('blockEditor.cards.linkHint')}
                    value={card.href ?? ''}
                    error={errors[`cards.${index}.href`]}
                    onChange={(href) => patch(index, { href: href === '' ? undefined : href })}
                  />
                </Stack>
              </Paper>
            );
          })}
          {cardsError ? (
            <Text size="sm" c="red" role="alert">
              {cardsError}
            </Text>
          ) : null}
          {cards.length < MAX_CARDS ? (
            <Group>
              <Button variant="light" size="compact-sm" data-add-card onClick={add}>
                {t('blockEditor.cards.add')}
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('blockEditor.cards.full', { maximum: MAX_CARDS })}
            </Text>
          )}
          <ChoiceField
            label={t('blockEditor.cards.columns')}
            values={CARDS_COLUMNS}
            labelOf={(value) => value}
            value={options.columns}
            error={errors.columns}
            onChange={(columns) => setOptions({ columns })}
          />
          <Text size="xs" c="dimmed">
            {t('blockEditor.cards.columnsHint')}
          </Text>
        </Stack>
      </OptionsSection>
    );
  },
};
