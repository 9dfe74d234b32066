import { Stack, TextInput } from '@mantine/core';
import {
  CONTACT_KINDS,
  MAX_CONTACT_ADDRESS_LENGTH,
  MAX_CONTACT_HOURS_LENGTH,
} from '../../../common/blocks/contact';
import { MAX_PHONE_LENGTH } from '../../../common/contact';
import { useTranslation } from '../../i18n';
import { type BlockEditor, ChoiceField, ContentTextField, contentError, OptionsSection } from '../editor-kit';
import '../../i18n/editor';
import { GrowingTextarea } from '../../components/GrowingTextarea';

/** A contact card: its texts per language (a phone number or an address may differ too), its kind once. */
export const contactEditor: BlockEditor<'contact'> = {
  Content: function ContactContent({ locale, value, errors, onChange }) {
    const { t } = useTranslation();
    return (
      <Stack gap="sm">
        <ContentTextField
          label={t('blockEditor.fields.contactName')}
          description={t('blockEditor.fields.contactNameHint')}
          required
          value={value.title}
          error={contentError(errors, locale, 'title')}
          onChange={(title) => onChange({ ...value, title })}
        />
        <ContentTextField
          label={t('blockEditor.fields.contactRole')}
          value={value.label}
          error={contentError(errors, locale, 'label')}
          onChange={(label) => onChange({ ...value, label })}
        />
        <TextInput
          label={t('blockEditor.fields.contactPhone')}
          description={t('blockEditor.fields.contactPhoneHint')}
          type="tel"
          autoComplete="off"
          maxLength={MAX_PHONE_LENGTH}
          value={value.phone ?? ''}
          error={contentError(errors, locale, 'phone')}
          onChange={(event) => onChange({ ...value, phone: event.currentTarget.value })}
        />
        <TextInput
          label={t('blockEditor.fields.contactEmail')}
          type="email"
          autoComplete="off"
          value={value.email ?? ''}
          error={contentError(errors, locale, 'email')}
          onChange={(event) => onChange({ ...value, email: event.currentTarget.value })}
        />
        <GrowingTextarea
          label={t('blockEditor.fields.contactAddress')}
          minRows={2}
          maxLength={MAX_CONTACT_ADDRESS_LENGTH}
          value={value.address ?? ''}
          error={contentError(errors, locale, 'address')}
          onChange={(event) => onChange({ ...value, address: event.currentTarget.value })}
        />
        <GrowingTextarea
          label={t('blockEditor.fields.contactHours')}
          description={t('blockEditor.fields.contactHoursHint')}
          minRows={2}
          maxLength={MAX_CONTACT_HOURS_LENGTH}
          value={value.openingHours ?? ''}
          error={contentError(errors, locale, 'openingHours')}
          onChange={(event) => onChange({ ...value, openingHours: event.currentTarget.value })}
        />
      </Stack>
    );
  },
  Options: function ContactOptions({ options, errors, setOptions }) {
    const { t } = useTranslation();
    return (
      <OptionsSection>
        <ChoiceField
          label={t('blockEditor.fields.contactKind')}
          values={CONTACT_KINDS}
          labelOf={(value) => t(`blockEditor.contactKinds.${value}`)}
          value={options.kind}
          error={errors.kind}
          onChange={(kind) => setOptions({ kind })}
        />
      </OptionsSection>
    );
  },
};
