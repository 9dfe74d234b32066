import en from '../../common/i18n/admin.en.json';
import nl from '../../common/i18n/admin.nl.json';
import { registerCatalogue } from './index';

/** The admin area's texts; every module that uses them imports this one (see catalogues.test.ts). */
registerCatalogue({ nl, en });
