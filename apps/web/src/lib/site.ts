/** SPEC §1 and §9 site facts, in one place. */
export const site = {
  pid: '888',
  siteNo: '7',
  realm: 'alpha',
  /** SPEC §1: the session field source defaults to 2 (the standard flavour). */
  defaultSource: 2,
  versionName: 'v1.0.110',
  versionCode: '110',
  /** The product this client is; also sent as the client-info field `process`. */
  process: 'sport',
  /** SPEC §9 request timeout. */
  requestTimeoutMs: 25_000,
} as const;

/** SPEC §1 flavours selected by the session field `source`. */
export const sourceFlavours = { liveStream: 1, standard: 2 } as const;
