import en from '../../common/i18n/dates.en.json';
import nl from '../../common/i18n/dates.nl.json';
import { registerCatalogue } from './index';

/** The date pickers' texts (the editor's and the admin's pickers; never a visitor's); imported by web/components/dates.tsx. */
registerCatalogue({ nl, en });
