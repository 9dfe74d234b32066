import type { BlockTypeName } from '../../common/blocks/index';
import { accordionEditor } from './Accordion/Editor';
import { buttonsEditor } from './Buttons/Editor';
import { callToActionEditor } from './CallToAction/Editor';
import { cardsEditor } from './Cards/Editor';
import { columnsEditor } from './Columns/Editor';
import { contactEditor } from './Contact/Editor';
import { dividerEditor } from './Divider/Editor';
import { downloadEditor } from './Download/Editor';
import type { BlockEditor } from './editor-kit';
import { formEditor } from './Form/Editor';
import { galleryEditor } from './Gallery/Editor';
import { imageEditor } from './Image/Editor';
import { listEditor } from './List/Editor';
import { mapEditor } from './Map/Editor';
import { noticeEditor } from './Notice/Editor';
import { quoteEditor } from './Quote/Editor';
import { reusableEditor } from './Reusable/Editor';
import { tableEditor } from './Table/Editor';
import { textEditor } from './Text/Editor';
import { videoEditor } from './Video/Editor';
import { widgetEditor } from './Widget/Editor';

/**
 * Every block type's editor, by name: a type missing here does not compile. Imported only by the
 * block editor drawer, which edit mode loads when an editor opens: visitors never download these.
 */
export const BLOCK_EDITORS: { [N in BlockTypeName]: BlockEditor<N> } = {
  text: textEditor,
  buttons: buttonsEditor,
  accordion: accordionEditor,
  quote: quoteEditor,
  notice: noticeEditor,
  callToAction: callToActionEditor,
  cards: cardsEditor,
  columns: columnsEditor,
  contact: contactEditor,
  map: mapEditor,
  table: tableEditor,
  divider: dividerEditor,
  video: videoEditor,
  image: imageEditor,
  gallery: galleryEditor,
  download: downloadEditor,
  list: listEditor,
  widget: widgetEditor,
  form: formEditor,
  reusable: reusableEditor,
};
