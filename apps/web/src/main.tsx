// First: zod must be told not to compile parsers before anything parses (see the file).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadAppConfig } from './lib/app-init/app-config';
import { setupI18n } from './lib/i18n/i18n';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The configuration names the default language, so it is read before the first render; it
// never fails (defaults stand in for a missing or bad file). The page's texts load next.
void loadAppConfig().then(async (config) => {
  await setupI18n(config.lang);
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
