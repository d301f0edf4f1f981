import { type Share, type SharePrivacy, shareCreate } from '@sb/contract';
import { callApi } from '../../../lib/api-client';

/**
 * Shares one of the member's orders (docs/community.md): sharing it again answers its live
 * share. Refusals are shown by the API client.
 */
export function shareOrder(
  orderNo: string,
  privacy: SharePrivacy,
  comment: string,
): Promise<Share & { isNew: boolean }> {
  return callApi(shareCreate, { orderNo, privacy, comment });
}

/** The share's page on this site: the answer's `link` (`/#/share/<code>`) made absolute. */
export function shareUrlOf(share: Pick<Share, 'code' | 'link'>): string {
  const link = share.link.startsWith('/') ? share.link : `/#/share/${share.code}`;
  return `${window.location.origin}${link}`;
}
