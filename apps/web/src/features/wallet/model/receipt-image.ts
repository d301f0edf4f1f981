/** SPEC §5 receipt image: jpg, jpeg or png, at most 10 MB, one file. */
export const receiptMaxBytes = 10 * 1024 * 1024;
const receiptExtensions = ['jpg', 'jpeg', 'png'];

export type ReceiptProblem = 'oneFile' | 'badType' | 'tooLarge';

export function receiptProblem(
  files: readonly Pick<File, 'name' | 'size'>[],
): ReceiptProblem | null {
  const [file] = files;
  if (files.length !== 1 || !file) return 'oneFile';
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  if (!receiptExtensions.includes(extension)) return 'badType';
  return file.size > receiptMaxBytes ? 'tooLarge' : null;
}

/**
 * What the ring shows while an upload runs: the bytes sent, held at 99 until the server has
 * answered, because the last bytes leaving is not yet the receipt being stored.
 */
export function uploadRingPercent(sentPercent: number, isAnswered: boolean): number {
  if (isAnswered) return 100;
  return Math.min(99, Math.max(0, Math.round(sentPercent)));
}
