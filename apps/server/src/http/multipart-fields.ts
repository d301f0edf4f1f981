import { Busboy } from '@fastify/busboy';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/** The most fields a multipart call may carry: every call's own and the common ones fit. */
const multipartFieldsMax = 100;

/**
 * Multipart bodies of calls that take no file: their fields, as a form-encoded body of the same
 * call would give them (DESIGN §5: the encoding never changes what a request means), a name sent
 * more than once as the list of its values. The body is
 * read whole first, within the app's body limit, so its size is bounded before it is parsed. A
 * file part is refused: only the receipt upload takes one, and its route reads its own parts.
 */
export function acceptMultipartFields(app: FastifyInstance, bodyLimitBytes: number): void {
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: bodyLimitBytes },
    (request, body, done) => {
      const fields: Record<string, string | string[]> = {};
      let refusal: AppError | null = null;
      let isSettled = false;
      const settle = () => {
        if (isSettled) return;
        isSettled = true;
        if (refusal) done(refusal, undefined);
        else done(null, fields);
      };
      const refuse = (detail: string) => {
        refusal ??= new AppError('INVALID_INPUT', detail);
      };
      let parser: ReturnType<typeof Busboy>;
      try {
        parser = Busboy({
          headers: { 'content-type': request.headers['content-type'] ?? '' },
          limits: { fields: multipartFieldsMax, parts: multipartFieldsMax, files: 0 },
        });
      } catch {
        done(new AppError('INVALID_INPUT', 'the multipart body is malformed'), undefined);
        return;
      }
      parser.on('field', (name: string, value: string, nameTruncated: boolean) => {
        if (nameTruncated) return refuse('a field name is too long');
        if (name === '__proto__' || name === 'constructor' || name === 'prototype')
          return refuse(`field "${name}" is not allowed`);
        const earlier = Object.hasOwn(fields, name) ? fields[name] : undefined;
        if (earlier === undefined) fields[name] = value;
        else if (Array.isArray(earlier)) earlier.push(value);
        else fields[name] = [earlier, value];
      });
      parser.on('filesLimit', () => refuse('this call takes no file'));
      parser.on('fieldsLimit', () => refuse('too many fields'));
      parser.on('partsLimit', () => refuse('too many fields'));
      parser.on('error', () => {
        refuse('the multipart body is malformed');
        settle();
      });
      parser.on('finish', settle);
      parser.end(body as Buffer);
    },
  );
}
