import { describe, expect, it } from 'vitest';
import { createI18n, registerCatalogue, registerLocale } from './index';

describe('the catalogues of a render', () => {
  it('reads a catalogue registered after the render began (a lazily loaded editor module on the server)', () => {
    registerLocale('en', { shared: 'Shared' });
    const dutch = createI18n('nl');
    const english = createI18n('en');
    expect(dutch.t('lateSection.add')).toBe('lateSection.add');
    // The block editor's chunk is first evaluated in the middle of a server render of edit mode.
    registerCatalogue({
      nl: { lateSection: { add: 'Blok toevoegen' } },
      en: { lateSection: { add: 'Add block' } },
    });
    expect(dutch.t('lateSection.add')).toBe('Blok toevoegen');
    expect(english.t('lateSection.add')).toBe('Add block');
  });
});
