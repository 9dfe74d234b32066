import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import {
  acceptedFileTypes,
  type FieldProblem,
  type FormDefinition,
  fileSizeProblem,
  fileTypeProblem,
  type RawAnswers,
  type SniffedFile,
} from '../../../common/forms/index.ts';
import type { Locale } from '../../../common/localized-text.ts';
import type { Executor } from '../../db/client.ts';
import { type FormSubmissionFileRow, type FormSubmissionRow, formSubmissionFiles } from '../../db/schema.ts';
import { sniffFile } from '../../media/sniff.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { trashedFileKeys } from '../trash/queries.ts';
import type { ReceivedFile } from './uploads.ts';

/**
 * The files of file questions (issue 11): checked by their bytes against what the question takes,
 * kept in the private form-file storage with a row per answer, served only to those who may read
 * the submission, and swept from the storage once no row names them.
 */

/**
 * The files a submission sent, the private storage they are to go to, and the public media storage
 * (where a copy of the image that becomes a list item's image goes).
 */
export type SubmittedFiles = {
  received: Map<string, ReceivedFile>;
  storage: MediaStorage;
  mediaStorage: MediaStorage;
};

export type CheckedFile = { key: string; file: ReceivedFile; sniffed: SniffedFile };

/**
 * The raw answers with each file question's answer set to the name of the file received for it
 * (whatever text a client sent there is dropped: only a file answers a file question), and a
 * problem for every file that is too large or not of a type its question takes.
 */
export async function checkFiles(
  definition: FormDefinition,
  raw: RawAnswers,
  files: SubmittedFiles | undefined,
  locale: Locale,
): Promise<{ raw: RawAnswers; checked: CheckedFile[]; problems: FieldProblem[] }> {
  const answers: RawAnswers = { ...raw };
  const checked: CheckedFile[] = [];
  const problems: FieldProblem[] = [];
  for (const field of definition.fields) {
    if (field.kind !== 'file') continue;
    delete answers[field.key];
    const file = files?.received.get(field.key);
    if (!file) continue;
    // Given, even when wrong: the field's problem is the file's, not "required".
    answers[field.key] = file.fileName;
    const tooLarge = file.isTooLarge ? fileSizeProblem(Number.POSITIVE_INFINITY, locale) : null;
    if (tooLarge) {
      problems.push({ field: field.key, message: tooLarge });
      continue;
    }
    const sniffed = await sniffFile(file.path);
    if (!sniffed || !acceptedFileTypes(field).includes(sniffed.type)) {
      problems.push({ field: field.key, message: { key: fileTypeProblem(field) } });
      continue;
    }
    checked.push({ key: field.key, file, sniffed });
  }
  return { raw: answers, checked, problems };
}

export type StoredFile = CheckedFile & { storageKey: string };

/** Moves the checked files into the storage under fresh random keys (before the submission's transaction). */
export async function storeFiles(storage: MediaStorage, files: CheckedFile[]): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  for (const entry of files) {
    const storageKey = randomBytes(32).toString('hex');
    await storage.put(storageKey, entry.file.path);
    stored.push({ ...entry, storageKey });
  }
  return stored;
}

/** Removes stored files again (the submission they were for was refused). */
export async function unstoreFiles(storage: MediaStorage, files: StoredFile[]): Promise<void> {
  await Promise.allSettled(files.map((entry) => storage.remove(entry.storageKey)));
}

/** Records the files of a new submission, in its transaction. */
export async function recordFiles(tx: Executor, submission: FormSubmissionRow, files: StoredFile[]) {
  if (files.length === 0) return;
  await tx.insert(formSubmissionFiles).values(
    files.map((entry) => ({
      submissionId: submission.id,
      fieldKey: entry.key,
      fileName: entry.file.fileName,
      contentType: entry.sniffed.contentType,
      size: entry.file.size,
      storageKey: entry.storageKey,
    })),
  );
}

export async function findSubmissionFile(
  db: Executor,
  submissionId: string,
  fieldKey: string,
): Promise<FormSubmissionFileRow | undefined> {
  const [row] = await db
    .select()
    .from(formSubmissionFiles)
    .where(
      and(eq(formSubmissionFiles.submissionId, submissionId), eq(formSubmissionFiles.fieldKey, fieldKey)),
    )
    .limit(1);
  return row;
}

export function openStoredFile(storage: MediaStorage, row: FormSubmissionFileRow): Readable {
  return storage.get(row.storageKey);
}

/** Files older than this with no row are removed by the sweep (younger ones may be mid-submission). */
const SWEEP_GRACE_MS = 60 * 60_000;

/**
 * Removes from the storage every file no submission names any more. Submissions go in many ways
 * (the table, the receipt, retention, deleting an account or a form: the last two by database
 * cascade, which cannot reach the storage), so the bytes follow by this sweep in the retention job.
 */
export async function sweepFormFiles(db: Executor, storage: MediaStorage, now = new Date()): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const known = new Set(
      (
        await db
          .select({ key: formSubmissionFiles.storageKey })
          .from(formSubmissionFiles)
          .where(inArray(formSubmissionFiles.storageKey, batch))
      ).map((row) => row.key),
    );
    // A trashed form's files stay until the trash lets it go (issue 26).
    for (const key of await trashedFileKeys(db, batch)) known.add(key);
    for (const key of batch) {
      if (known.has(key)) continue;
      await storage.remove(key);
      removed += 1;
    }
    batch = [];
  };
  for await (const entry of storage.list()) {
    if (now.getTime() - entry.storedAt.getTime() < SWEEP_GRACE_MS) continue;
    batch.push(entry.hash);
    if (batch.length >= 500) await flush();
  }
  await flush();
  return removed;
}
