import { captchaGet } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** A new image captcha: its id and an SVG data URL to read the code from. */
export function fetchCaptcha() {
  return callApi(captchaGet, {}, { credentials: null });
}

/**
 * Each `round` is one captcha; the form bumps it to get a new image. A captcha is single-use, so
 * it is never reused from the cache.
 */
export function useCaptcha(round: number, isEnabled: boolean) {
  return useQuery({
    queryKey: ['captcha', round],
    queryFn: fetchCaptcha,
    enabled: isEnabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
