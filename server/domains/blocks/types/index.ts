import type { BlockTypeName } from '../../../../common/blocks/index.ts';
import { accordion } from './accordion.ts';
import { buttons } from './buttons.ts';
import { callToAction } from './call-to-action.ts';
import { cards } from './cards.ts';
import { columns } from './columns.ts';
import { contact } from './contact.ts';
import type { ServerBlockType } from './define.ts';
import { divider } from './divider.ts';
import { download } from './download.ts';
import { form } from './form.ts';
import { gallery } from './gallery.ts';
import { image } from './image.ts';
import { list } from './list.ts';
import { map } from './map.ts';
import { notice } from './notice.ts';
import { quote } from './quote.ts';
import { reusable } from './reusable.ts';
import { table } from './table.ts';
import { text } from './text.ts';
import { video } from './video.ts';
import { widget } from './widget.ts';

export type { ServerBlockType } from './define.ts';

/** Every block type's server half, by name: a type missing here does not compile. */
export const SERVER_BLOCK_TYPES: { [N in BlockTypeName]: ServerBlockType<N> } = {
  text,
  buttons,
  accordion,
  quote,
  notice,
  callToAction,
  cards,
  columns,
  contact,
  map,
  table,
  divider,
  video,
  image,
  download,
  gallery,
  list,
  widget,
  form,
  reusable,
};
