import type { ClientInfo, Language } from '@sb/contract';
import { site } from './site';
import { storageKeys } from './storage';

/** A stable random id for this browser, kept in local storage (SPEC §3 deviceID). */
export function readDeviceId(storage: Storage, randomId: () => string): string {
  const stored = storage.getItem(storageKeys.deviceId);
  if (stored) return stored;
  const created = randomId();
  storage.setItem(storageKeys.deviceId, created);
  return created;
}

/**
 * SPEC §3 lists a mac among the client-info fields; a browser has none to give, so it is derived
 * from the device id in MAC notation to stay stable for the browser and reveal nothing.
 */
export function deriveMac(deviceId: string): string {
  const hex = deviceId
    .replace(/[^0-9a-f]/gi, '')
    .padEnd(12, '0')
    .slice(0, 12)
    .toLowerCase();
  return hex.match(/../g)?.join(':') ?? '';
}

/** The operating system family named in a user-agent string. */
export function osFromUserAgent(userAgent: string): string {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/windows/i.test(userAgent)) return 'windows';
  if (/mac os/i.test(userAgent)) return 'macos';
  if (/linux/i.test(userAgent)) return 'linux';
  return 'web';
}

export interface ClientInfoInput {
  deviceId: string;
  language: Language;
  source: number;
  channelType: string;
  userAgent: string;
  platform: string;
}

/**
 * Every client-info field the contract accepts, each cut to the contract's length limit so a
 * long user-agent never makes the server refuse a call.
 */
export function buildClientInfo(input: ClientInfoInput): ClientInfo {
  return {
    deviceID: input.deviceId.slice(0, 128),
    pid: site.pid,
    versionCode: site.versionCode,
    versionName: site.versionName,
    os: osFromUserAgent(input.userAgent),
    osVersionName: input.userAgent.slice(0, 64),
    osVersionCode: '0',
    mac: deriveMac(input.deviceId),
    deviceModel: (input.platform || 'browser').slice(0, 128),
    channel: input.channelType.slice(0, 64),
    realm: site.realm,
    siteNo: site.siteNo,
    process: site.process,
    source: String(input.source).slice(0, 8),
    lang: input.language,
  };
}
