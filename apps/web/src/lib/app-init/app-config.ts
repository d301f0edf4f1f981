import { languageSchema } from '@sb/contract';
import { z } from 'zod';

/**
 * SPEC §3 app configuration (`lang`, `precision`, `utk`), read from a JSON file whose path is
 * set at build time (SPEC §7): `VITE_APP_CONFIG_PATH`, relative to the page unless absolute, by
 * default the `app-config.json` shipped beside `index.html` (apps/web/public). The deployment
 * edits the file without rebuilding. Each key is checked on its own: a missing file, a file
 * that is not JSON or a key out of range leaves that key at its default, never the site down
 * (apps/web/README.md, App configuration).
 */
export interface AppConfig {
  /**
   * The default display language: shown when the member has chosen none and the browser's
   * language is not one the site offers. SPEC §5's default is zh.
   */
  lang: z.infer<typeof languageSchema>;
  /** Decimal places of a member's `riskAmount` in SPEC §5's risk check (the slip's notice). */
  precision: number;
  /**
   * The link token key: the address parameter that carries a partner's signed authToken in its
   * links (`?authToken=…` by default). A partner whose links already name it otherwise
   * (`?token=…`) is served by setting this, without changing the links it sends its players.
   */
  utk: string;
}

export const defaultAppConfig: AppConfig = { lang: 'zh', precision: 2, utk: 'authToken' };

/** The other parameters of a partner link, which the token's own cannot be named as. */
const partnerLinkFieldNames = [
  'principal',
  'channel',
  'lang',
  'siteNo',
  'currencyCode',
  'passcode',
];

/** The most decimals a currency of the site has (BTC, ETH): a precision beyond means nothing. */
const precisionMax = 8;

const keySchemas = {
  lang: languageSchema,
  precision: z.number().int().min(0).max(precisionMax),
  utk: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, 'must be a parameter name (letters, digits, _)')
    .refine((name) => !partnerLinkFieldNames.includes(name), 'names another link parameter'),
} satisfies { [K in keyof AppConfig]: z.ZodType<AppConfig[K]> };

/** What a key held that could not be used, for the console: the key keeps its default. */
export interface AppConfigProblem {
  key: string;
  reason: string;
}

/** The configuration a file's content gives, each key checked alone, with what was refused. */
export function parseAppConfig(content: unknown): {
  config: AppConfig;
  problems: AppConfigProblem[];
} {
  const config: AppConfig = { ...defaultAppConfig };
  const problems: AppConfigProblem[] = [];
  if (typeof content !== 'object' || content === null || Array.isArray(content))
    return { config, problems: [{ key: '(file)', reason: 'is not a JSON object' }] };
  const fields = content as Record<string, unknown>;
  for (const key of Object.keys(keySchemas) as (keyof AppConfig)[]) {
    if (fields[key] === undefined) continue;
    const parsed = keySchemas[key].safeParse(fields[key]);
    if (parsed.success) Object.assign(config, { [key]: parsed.data });
    else problems.push({ key, reason: parsed.error.issues[0]?.message ?? 'is not valid' });
  }
  return { config, problems };
}

/** A slow file must not hold the first page back for long: past this, the defaults go. */
export const appConfigTimeoutMs = 3_000;

/** Where the file is: the build's `VITE_APP_CONFIG_PATH`, else the one shipped with the app. */
export const appConfigPath: string = import.meta.env.VITE_APP_CONFIG_PATH || 'app-config.json';

let current: AppConfig = defaultAppConfig;

/** The configuration in force: the file's once `loadAppConfig` has read it, defaults before. */
export function appConfig(): AppConfig {
  return current;
}

/** For tests: the configuration the site would have read from its file. */
export function setAppConfig(config: AppConfig): void {
  current = config;
}

/**
 * Reads the file once at start, before the first render (the language depends on it). Every
 * failure (no file, no JSON, a key out of range, no answer in time) falls back to the defaults
 * and is said once on the console, for whoever deploys the site.
 */
export async function loadAppConfig(
  path = appConfigPath,
  fetchFile: typeof fetch = fetch,
): Promise<AppConfig> {
  let content: unknown;
  try {
    // The page preloads the file (vite.config.ts); the server's static handler has browsers
    // check it again on every visit, so an edited file shows on the next one.
    const response = await fetchFile(path, { signal: AbortSignal.timeout(appConfigTimeoutMs) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    content = await response.json();
  } catch (error) {
    console.warn(`app configuration ${path} not read (${String(error)}): defaults used`);
    current = defaultAppConfig;
    return current;
  }
  const { config, problems } = parseAppConfig(content);
  for (const problem of problems)
    console.warn(`app configuration ${path}: ${problem.key} ${problem.reason}: its default used`);
  current = config;
  return current;
}
