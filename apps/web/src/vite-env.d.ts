/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API when it is not the page's own, e.g. `https://api.example.com`. */
  readonly VITE_API_BASE_URL?: string;
  /**
   * Where the app configuration file (SPEC §3 `lang`, `precision`, `utk`) is read from, relative
   * to the page unless absolute; `app-config.json` beside index.html when unset.
   */
  readonly VITE_APP_CONFIG_PATH?: string;
}
