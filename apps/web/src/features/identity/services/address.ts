/** The index route of SPEC §2 and the compact-mode prefix. */
export const indexHash = '#/index';
export const miniHashPrefix = '#/mini';

/**
 * SPEC §2: after a login the address becomes /#/index, which also drops a partner link's
 * authToken or passcode and its other parameters from the address bar and history. An embedded
 * page in compact mode stays in compact mode: only its query is dropped, because leaving #/mini
 * would break the embedding.
 */
export function addressAfterLogin(pathname: string, hash: string): string {
  if (hash.startsWith(miniHashPrefix)) {
    const withoutQuery = hash.split('?')[0] ?? miniHashPrefix;
    return `${pathname}${withoutQuery}`;
  }
  return `${pathname}${indexHash}`;
}

/**
 * Replaces the address without a reload. The hash router listens to popstate, so one is sent
 * to make it render the new route.
 */
export function replaceAddress(address: string): void {
  const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (current === address) return;
  window.history.replaceState(window.history.state, '', address);
  window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}

export function rewriteAddressAfterLogin(): void {
  replaceAddress(addressAfterLogin(window.location.pathname, window.location.hash));
}
