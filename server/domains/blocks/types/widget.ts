import { eq } from 'drizzle-orm';
import { buildingBlockInstances } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import type { ServerBlockType } from './define.ts';

/** A widget shows another list's newest items: its source must be a list block. */
export const widget: ServerBlockType<'widget'> = {
  prepare: () => null,
  async checkOptions(tx, { options }) {
    if (options.sourceBlockGuid === null) return options;
    const [source] = await tx
      .select({ name: buildingBlockInstances.buildingBlockName })
      .from(buildingBlockInstances)
      .where(eq(buildingBlockInstances.id, options.sourceBlockGuid))
      .limit(1);
    if (source?.name !== 'list') {
      throw new AppError('validation_failed', 'the source is not a list block', [
        { path: 'options.sourceBlockGuid', message: 'validation.listBlock' },
      ]);
    }
    return options;
  },
};
