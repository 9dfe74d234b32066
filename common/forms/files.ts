import { formatFileSize } from '../file-size.ts';
import type { IssueMessage } from '../issues.ts';
import type { Locale } from '../localized-text.ts';
import { IMAGE_FORMATS, IMAGE_MIME_TYPES, type ImageFormat, MAX_UPLOAD_BYTES } from '../media.ts';

/**
 * The rules of a form's file question, shared by the builder, the visitor's form and the server:
 * what it may accept (images as the media module accepts them, PDF), how large, and how many.
 * What a file *is* is decided on the server from its bytes, never from its name or stated type.
 */

/** What a file question can accept: images (the media module's formats) and/or PDF documents. */
export const FORM_FILE_TYPES = ['image', 'pdf'] as const;
export type FormFileType = (typeof FORM_FILE_TYPES)[number];

/** The media module's upload limit (SPEC 9: 30 MB), per file. */
export const FORM_FILE_MAX_BYTES = MAX_UPLOAD_BYTES;
/** File questions per form: a page post carries at most this many files. */
export const FORM_FILE_QUESTIONS = 5;
/** A stored original name is at most this long (the rest is cut). */
export const FORM_FILE_NAME_LENGTH = 200;

/** The first bytes of every PDF document (ISO 32000: `%PDF-`). */
export const PDF_MAGIC = '%PDF-';
export const PDF_MIME_TYPE = 'application/pdf';

/** A file's kind as its bytes show it, with the content type it is served with. */
export type SniffedFile =
  | { type: 'image'; format: ImageFormat; contentType: string }
  | { type: 'pdf'; contentType: typeof PDF_MIME_TYPE };

/** The types a question accepts (both when the question does not say). */
export function acceptedFileTypes(field: {
  fileTypes?: readonly FormFileType[] | undefined;
}): FormFileType[] {
  return field.fileTypes && field.fileTypes.length > 0 ? [...field.fileTypes] : [...FORM_FILE_TYPES];
}

/** The file input's `accept` attribute: a hint for the picker only (the server checks the bytes). */
export function fileAcceptAttribute(field: { fileTypes?: readonly FormFileType[] | undefined }): string {
  const types = acceptedFileTypes(field);
  const mimes = [
    ...(types.includes('image') ? IMAGE_FORMATS.map((format) => IMAGE_MIME_TYPES[format]) : []),
    ...(types.includes('pdf') ? [PDF_MIME_TYPE] : []),
  ];
  return [...mimes, ...(types.includes('pdf') ? ['.pdf'] : [])].join(',');
}

/** A name for display (receipt, admin, CSV): no path, no control characters, a sane length, never empty. */
export function displayFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).at(-1) ?? '';
  const cleaned = base
    .replace(/\p{Cc}/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .trim()
    .slice(0, FORM_FILE_NAME_LENGTH);
  return cleaned || 'file';
}

/** The answer's file download, for those who may read the submission. */
export const submissionFileUrl = (submissionGuid: string, fieldKey: string) =>
  `/api/submissions/${submissionGuid}/files/${fieldKey}`;

/** The message for a file a question does not take (by what it does take). */
export function fileTypeProblem(field: {
  fileTypes?: readonly FormFileType[] | undefined;
}): 'validation.fileTypeImage' | 'validation.fileTypePdf' | 'validation.fileTypeAny' {
  const types = acceptedFileTypes(field);
  if (types.length === 1) return types[0] === 'image' ? 'validation.fileTypeImage' : 'validation.fileTypePdf';
  return 'validation.fileTypeAny';
}

/**
 * A file's size against the limit: the browser checks it before sending (so nobody waits for an
 * upload that will be refused), the server checks it as the file streams in.
 */
export function fileSizeProblem(size: number, locale: Locale): IssueMessage | null {
  if (size <= FORM_FILE_MAX_BYTES) return null;
  return { key: 'validation.fileTooLarge', params: { maximum: formatFileSize(FORM_FILE_MAX_BYTES, locale) } };
}
