/** SPEC §1 build version, shown by the web app and answered by /healthz. */
export const buildVersion = 'v1.0.110';
