import { i18n } from './i18n/i18n';
import { showToast } from './toast-store';

export interface NetworkOutageOptions {
  /** Tells the member once that reads are failing and being tried again. */
  warn(): void;
  /** Runs a function once the current task and its promise callbacks are done. */
  defer?(run: () => void): void;
}

/**
 * SPEC §8: a read that fails on the network shows a warning toast, and reads are tried again
 * (SPEC §9's backoff, lib/query-client.ts). An outage is one warning however many reads fail
 * and retry during it; it ends with the first answer from the server, and the next failure
 * warns again.
 *
 * A write that fails on the network keeps its error toast, every time: the member acted and
 * needs to hear that it did not go through. The API client cannot tell a query's read from a
 * write, so it reports every network failure here; the query's retry policy, which runs in the
 * promise callbacks of the same task, claims its failures as reads. What nobody claimed by
 * then gets the error toast.
 */
export function createNetworkOutage(options: NetworkOutageOptions) {
  const defer = options.defer ?? ((run: () => void) => setTimeout(run, 0));
  const reads = new WeakSet<object>();
  let isDown = false;
  return {
    get isDown(): boolean {
      return isDown;
    },
    /** A call failed on the network: `showError` runs unless a query claims the failure. */
    failed(error: object, showError: () => void): void {
      defer(() => {
        if (!reads.has(error)) showError();
      });
    },
    /** A query's read failed on the network: no error toast, and one warning per outage. */
    readFailed(error: object): void {
      reads.add(error);
      if (isDown) return;
      isDown = true;
      options.warn();
    },
    /** The server answered a call, whatever it said: the network is back. */
    answered(): void {
      isDown = false;
    },
  };
}

export const networkOutage = createNetworkOutage({
  warn: () => showToast('warning', i18n.t('common.readNetworkError')),
});
