import en from '../../common/i18n/media.en.json';
import nl from '../../common/i18n/media.nl.json';
import { registerCatalogue } from './index';

/** The media library's texts (issue 27): the admin screen and the picker in edit mode. */
registerCatalogue({ nl, en });
