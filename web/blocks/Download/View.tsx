import type { DownloadFile } from '../../../common/blocks/download';
import { formatFileSize } from '../../../common/file-size';
import { isLocale } from '../../../common/localized-text';
import { DOCUMENT_MIME_TYPES } from '../../../common/media';
import { useTranslation } from '../../i18n';
import type { BlockViewProps } from '../registry';

/** The letters on a document's type icon (no PDF thumbnail): what the file is, at a glance. */
const ICON_LETTERS: Record<DownloadFile['format'], string> = {
  pdf: 'PDF',
  docx: 'DOC',
  xlsx: 'XLS',
  pptx: 'PPT',
  odt: 'ODT',
  ods: 'ODS',
  odp: 'ODP',
  csv: 'CSV',
  txt: 'TXT',
};

/**
 * A download block (issue 27): each document a link named by its title, with its type, size (SPEC 9:
 * 1024, comma decimals in Dutch) and language in the link's name, so a screen reader hears what it
 * is before following it. A PDF shows its first page; other documents a type icon (decorative).
 */
export function DownloadBlock({ block }: BlockViewProps<'download'>) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'nl';
  const { title, files } = block.data;
  return (
    <section className="download-block" aria-label={title || t('download.title')}>
      {title ? <h2 className="download-block-title">{title}</h2> : null}
      <ul className="download-block-list">
        {files.map((file) => {
          const type = t(`download.types.${file.format}`);
          const details = t('download.details', {
            type,
            size: formatFileSize(file.size, locale),
            language: t(`download.languages.${file.language}`),
          });
          return (
            <li key={file.guid} className="download-block-file">
              {file.thumbnail ? (
                <img
                  className="download-block-thumbnail"
                  src={file.thumbnail}
                  alt=""
                  width={48}
                  height={64}
                  loading="lazy"
                />
              ) : (
                <span className="download-block-icon" aria-hidden="true">
                  {ICON_LETTERS[file.format]}
                </span>
              )}
              <a
                className="download-block-link"
                href={file.url}
                type={DOCUMENT_MIME_TYPES[file.format]}
                hrefLang={file.language === 'other' ? undefined : file.language}
                download={file.format === 'pdf' ? undefined : ''}
              >
                <span className="download-block-name">{file.title}</span>{' '}
                <span className="download-block-details">({details})</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
