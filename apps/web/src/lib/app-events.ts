/**
 * Window events other parts of the page (and embedding partners) listen to, named as SPEC §4 and
 * §8 name them.
 */
export const appEvents = {
  loginComplete: 'login-complete',
  passLoginError: 'pass-login-error',
  changeLoginError: 'change-login-error',
} as const;

export type AppEventName = (typeof appEvents)[keyof typeof appEvents];

export function dispatchAppEvent(name: AppEventName, detail: unknown): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}
