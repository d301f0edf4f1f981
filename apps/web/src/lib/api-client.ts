import type { CallDefinition, CallInput, CallOutput, ClientInfo, Envelope } from '@sb/contract';
import { findError, isEnvelope } from '@sb/contract';
import { networkOutage } from './network-outage';
import { type ClassifyOptions, classifyResponseCode } from './response-codes';
import { site } from './site';

/** A call that did not succeed; `code` is the server's, or one of the local codes below. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Local codes for failures that never reached a server answer. */
export const localErrorCodes = { network: -1, unexpectedAnswer: -2 } as const;

export interface Credentials {
  uid: string;
  token: string;
}

/**
 * What the client needs from the rest of the app. The identity feature installs these at start,
 * so this module stays free of feature imports.
 */
export interface ApiClientHooks {
  currentCredentials(): Credentials | null;
  clientInfo(): ClientInfo;
  onLoginRequired(): void;
  onSessionInvalid(): void;
  onFailureMessage(message: string): void;
  /** Text for local failures, already translated. */
  localMessage(code: number): string;
}

/**
 * SPEC §7: the base URL comes from configuration. Empty means the page's own origin, which is
 * how the server serves the built app; `vite dev` proxies the API paths to the server.
 */
const apiBaseUrl: string = import.meta.env.VITE_API_BASE_URL ?? '';

let hooks: ApiClientHooks = {
  currentCredentials: () => null,
  clientInfo: () => ({}),
  onLoginRequired: () => {},
  onSessionInvalid: () => {},
  onFailureMessage: () => {},
  localMessage: (code) => `error ${code}`,
};

export function configureApiClient(installed: ApiClientHooks): void {
  hooks = installed;
}

export interface CallOptions extends ClassifyOptions {
  /** Send this identity instead of the active one; null sends none (public calls). */
  credentials?: Credentials | null;
  /**
   * When false, 402 and 403 just fail the call: used while resuming or switching identities,
   * where the caller decides what a dead token means.
   */
  handleAuthCodes?: boolean;
  /** Show no toast at all, e.g. for a logout that goes ahead locally whatever happens. */
  isSilent?: boolean;
}

async function postJson(path: string, body: object): Promise<Envelope<unknown>> {
  let response: Response;
  try {
    response = await fetch(`${apiBaseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(site.requestTimeoutMs),
    });
  } catch {
    throw new ApiError(localErrorCodes.network, hooks.localMessage(localErrorCodes.network));
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (!isEnvelope(answer)) {
    const code = localErrorCodes.unexpectedAnswer;
    throw new ApiError(code, hooks.localMessage(code));
  }
  return answer;
}

/**
 * A network failure of a query's read is the outage warning's to tell (lib/network-outage.ts);
 * any other failure before an answer shows its message.
 */
function reportFailure(error: ApiError): void {
  if (error.code === localErrorCodes.network)
    networkOutage.failed(error, () => hooks.onFailureMessage(error.message));
  else hooks.onFailureMessage(error.message);
}

/** Whether a call failed before reaching the server (no answer at all). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === localErrorCodes.network;
}

/** The server's message, or the catalogue's key text when the server sent none. */
function failureText(envelope: Envelope<unknown>): string {
  if (envelope.msg) return envelope.msg;
  return findError(envelope.code)?.en ?? hooks.localMessage(localErrorCodes.unexpectedAnswer);
}

/**
 * Makes one contract call: POST with a JSON body of the call's fields plus token, uid and the
 * client-info fields (SPEC §7), then applies SPEC §8 to the answer's code. Resolves with the
 * parsed data on code 0, rejects with an ApiError otherwise.
 */
export async function callApi<C extends CallDefinition>(
  call: C,
  input: CallInput<C>,
  options: CallOptions = {},
): Promise<CallOutput<C>> {
  const credentials =
    options.credentials === undefined ? hooks.currentCredentials() : options.credentials;
  const body = { ...hooks.clientInfo(), ...credentials, ...input };
  let envelope: Envelope<unknown>;
  try {
    envelope = await postJson(call.path, body);
  } catch (error) {
    if (error instanceof ApiError && !options.isSilent) reportFailure(error);
    throw error;
  }
  networkOutage.answered();

  const action = classifyResponseCode(envelope.code, options);
  const handleAuthCodes = options.handleAuthCodes ?? true;
  if (action.kind === 'success') {
    const parsed = call.output.safeParse(envelope.data);
    if (parsed.success) return parsed.data as CallOutput<C>;
    const code = localErrorCodes.unexpectedAnswer;
    if (!options.isSilent) hooks.onFailureMessage(hooks.localMessage(code));
    throw new ApiError(code, hooks.localMessage(code));
  }
  if (action.kind === 'open-login' && handleAuthCodes) hooks.onLoginRequired();
  if (action.kind === 'end-session' && handleAuthCodes) hooks.onSessionInvalid();
  if (action.kind === 'fail' && action.showToast && !options.isSilent)
    hooks.onFailureMessage(failureText(envelope));
  throw new ApiError(envelope.code, failureText(envelope));
}
