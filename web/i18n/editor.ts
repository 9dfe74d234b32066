import en from '../../common/i18n/editor.en.json';
import nl from '../../common/i18n/editor.nl.json';
import { registerCatalogue } from './index';

/** The block editor's texts; every module that uses them imports this one (see catalogues.test.ts). */
registerCatalogue({ nl, en });
