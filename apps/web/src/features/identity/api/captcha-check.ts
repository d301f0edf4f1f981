import { captchaCheck } from '@sb/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The captcha images carry four characters (docs/identity.md "Failed logins and the captcha"). */
export const captchaCodeLength = 4;

/**
 * `/app/api/captcha/check`: whether an answer is right, without using the captcha up, so the
 * login can still carry it. Silent on failure: the login itself says what went wrong.
 */
export function checkCaptchaAnswer(captchaId: string, code: string) {
  return callApi(captchaCheck, { captchaId, code }, { credentials: null, isSilent: true });
}

/**
 * Checks the answer once the member has typed all of it. Each (captcha, answer) pair is asked
 * once: the server counts wrong answers against the captcha, so a re-render must not ask again.
 */
export function useCaptchaCheck(captchaId: string | undefined, code: string) {
  const answer = code.trim();
  const isComplete = captchaId !== undefined && answer.length === captchaCodeLength;
  return useQuery({
    queryKey: ['captcha-check', captchaId, answer.toUpperCase()] as const,
    queryFn: () => checkCaptchaAnswer(captchaId as string, answer),
    enabled: isComplete,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** What to say beside the captcha field. */
export type CaptchaCheckState = 'idle' | 'checking' | 'right' | 'wrong';

export function captchaCheckStateOf(
  check: { isFetching: boolean; data?: { valid: boolean } | undefined },
  code: string,
): CaptchaCheckState {
  if (code.trim().length !== captchaCodeLength) return 'idle';
  if (check.data) return check.data.valid ? 'right' : 'wrong';
  return check.isFetching ? 'checking' : 'idle';
}
