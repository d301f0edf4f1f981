import { collectionUploadFieldsSchema, commonFieldsSchema, receiptImageLimits } from '@sb/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import { parseWireFields } from '../../http/wire-fields';

/** A receipt image that passed SPEC §5's rules, typed by its content. */
export interface ReceiptImage {
  mediaType: 'image/jpeg' | 'image/png';
  content: Buffer;
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const jpegSignature = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * The image type from the content's first bytes. The file name and the declared type are the
 * sender's say-so; the bytes are what an operator's browser will actually decode.
 */
export function detectImageType(content: Buffer): ReceiptImage['mediaType'] | null {
  if (content.subarray(0, pngSignature.length).equals(pngSignature)) return 'image/png';
  if (content.subarray(0, jpegSignature.length).equals(jpegSignature)) return 'image/jpeg';
  return null;
}

/** The upload's own fields and the common ones, strict like every other call. */
const uploadFieldsSchema = commonFieldsSchema.extend(collectionUploadFieldsSchema.shape).strict();
export type UploadFields = z.output<typeof uploadFieldsSchema>;

/** Busboy's limits: one file of at most 10 MB (a second is counted to be refused), small fields. */
export const uploadLimits = {
  fileSize: receiptImageLimits.maxBytes,
  files: 2,
  fields: 40,
  fieldSize: 1024,
  parts: 45,
} as const;

function refusalOf(error: unknown): AppError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('RECEIPT_TOO_LARGE');
  if (code === 'FST_FILES_LIMIT') return new AppError('RECEIPT_FILE_COUNT', 'one file only');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('INVALID_INPUT', 'too many fields');
  }
  if (code === 'FST_PROTO_VIOLATION')
    return new AppError('INVALID_INPUT', 'field name not allowed');
  if (error instanceof Error && /multipart|part terminated|unexpected end/i.test(error.message)) {
    return new AppError('INVALID_INPUT', 'the multipart body is malformed');
  }
  return null;
}

/** The common fields (token, uid) sent before the file, as the caller is identified from them. */
export type UploadCaller = z.output<typeof commonFieldsSchema>;

/**
 * Reads a receipt upload: SPEC §7's multipart with `file`, `orderNo`, `type` and the common
 * fields. `identify` is called with the common fields of the query and of the parts before the
 * file, before a byte of the file is read (or at the end when no file came): a caller it refuses
 * never gets ten megabytes read, so the token comes before the file, as the member site sends
 * it. Refuses a second file, a file over 10 MB, an empty one and anything that is not a JPEG or
 * PNG by content; answers the validated fields and the image.
 */
export async function readReceiptUpload<Caller>(
  request: FastifyRequest,
  identify: (caller: UploadCaller) => Promise<Caller>,
): Promise<{ caller: Caller; fields: UploadFields; image: ReceiptImage }> {
  if (!request.isMultipart()) {
    throw new AppError('INVALID_INPUT', 'the upload must be multipart/form-data');
  }
  const values: Record<string, unknown> = { ...(request.query as Record<string, unknown>) };
  const files: Buffer[] = [];
  let identified: { caller: Caller } | null = null;
  const identifyOnce = async (): Promise<Caller> => {
    identified ??= { caller: await identify(parseWireFields(commonFieldsSchema, values)) };
    return identified.caller;
  };
  try {
    for await (const part of request.parts({ limits: uploadLimits })) {
      if (part.type === 'file') {
        await identifyOnce();
        if (part.fieldname !== 'file') {
          throw new AppError(
            'INVALID_INPUT',
            `unknown file field "${part.fieldname}", send it as "file"`,
          );
        }
        if (files.length > 0) throw new AppError('RECEIPT_FILE_COUNT', 'one file only');
        files.push(await part.toBuffer());
      } else {
        if (part.valueTruncated) throw new AppError('INVALID_INPUT', `${part.fieldname}: too long`);
        if (Object.hasOwn(values, part.fieldname)) {
          throw new AppError('INVALID_INPUT', `${part.fieldname}: sent more than once`);
        }
        values[part.fieldname] = part.value;
        // Refusals are written in the request's language, which the error handler reads from
        // the body; a multipart body has none until its fields are read.
        if (part.fieldname === 'lang') request.body = { lang: part.value };
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refusalOf(error) ?? error;
  }
  const caller = await identifyOnce();
  const fields = parseWireFields(uploadFieldsSchema, values);
  const content = files[0];
  if (!content) throw new AppError('RECEIPT_FILE_COUNT', 'no file was sent');
  if (content.length === 0) throw new AppError('RECEIPT_EMPTY');
  const mediaType = detectImageType(content);
  if (!mediaType) throw new AppError('RECEIPT_NOT_IMAGE');
  return { caller, fields, image: { mediaType, content } };
}
