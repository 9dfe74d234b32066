import en from '../../common/i18n/account.en.json';
import nl from '../../common/i18n/account.nl.json';
import { registerCatalogue } from './index';

/**
 * The texts of the account screens, sign-in tasks and the dialogs of signed-in users (terms,
 * inactivity, images); every module that uses them imports this one (see i18n.test.ts).
 */
registerCatalogue({ nl, en });
