import en from '../../common/i18n/form-results.en.json';
import nl from '../../common/i18n/form-results.nl.json';
import { registerCatalogue } from './index';

/** The texts of a form's results (submissions, one submission, dashboards); imported by the modules that use them. */
registerCatalogue({ nl, en });
