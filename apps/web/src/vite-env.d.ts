/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API when it is not the page's own, e.g. `https://api.example.com`. */
  readonly VITE_API_BASE_URL?: string;
}
