import { AppError } from '../../../errors.ts';
import { findPage } from '../../pages/queries.ts';
import type { ServerBlockType } from './define.ts';

/**
 * A reusable block (issue 31) prepares only the name of its template: the template's published
 * blocks are read and prepared per page build (domains/pages/site.ts), so publishing the reusable
 * block shows on every page that places it (whose views depend on `page:<template id>`).
 */
export const reusable: ServerBlockType<'reusable'> = {
  prepare: ({ options }) =>
    options.templateId ? { templateGuid: options.templateId, title: '', blocks: [] } : null,
  /** It must name a reusable block that exists (a template of kind `block`). */
  async checkOptions(tx, { options }) {
    const template = options.templateId ? await findPage(tx, { id: options.templateId }, 'template') : null;
    if (template?.templateKind !== 'block') {
      throw new AppError('validation_failed', 'no such reusable block', [
        { path: 'options.templateId', message: 'validation.reusableBlock' },
      ]);
    }
    return options;
  },
};
