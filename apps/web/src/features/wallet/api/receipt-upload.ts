import { collectionUploadPath } from '@sb/contract';
import type { Credentials } from '../../../lib/api-client';
import { site } from '../../../lib/site';

export interface UploadResult {
  code: number;
  msg: string;
}

/**
 * upDoneImage: the receipt as multipart with orderNo, type=1, token, uid, realm and process (SPEC
 * §7). XMLHttpRequest rather than fetch, because only it reports upload progress.
 */
export function uploadReceipt(input: {
  file: File;
  orderNo: string;
  credentials: Credentials;
  onProgress(percent: number): void;
}): { done: Promise<UploadResult>; abort(): void } {
  const request = new XMLHttpRequest();
  const form = new FormData();
  form.append('orderNo', input.orderNo);
  form.append('type', '1');
  form.append('token', input.credentials.token);
  form.append('uid', input.credentials.uid);
  form.append('realm', site.realm);
  form.append('process', site.process);
  // The file goes last so the fields are read before its bytes arrive.
  form.append('file', input.file, input.file.name);
  const baseUrl: string = import.meta.env.VITE_API_BASE_URL ?? '';
  const done = new Promise<UploadResult>((resolve) => {
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) input.onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      try {
        const answer = JSON.parse(request.responseText) as Partial<UploadResult>;
        resolve({ code: Number(answer.code ?? -2), msg: String(answer.msg ?? '') });
      } catch {
        resolve({ code: -2, msg: '' });
      }
    });
    request.addEventListener('error', () => resolve({ code: -1, msg: '' }));
    request.addEventListener('timeout', () => resolve({ code: -1, msg: '' }));
    request.addEventListener('abort', () => resolve({ code: -1, msg: '' }));
  });
  request.open('POST', `${baseUrl}${collectionUploadPath}`);
  request.timeout = site.requestTimeoutMs;
  request.send(form);
  return { done, abort: () => request.abort() };
}
