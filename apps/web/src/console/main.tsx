// First: zod must be told not to compile parsers before anything parses (see the file).
import '../lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './app/console-app';
import { setupConsoleI18n } from './i18n/console-i18n';
import './console.css';

setupConsoleI18n();

const container = document.getElementById('console-root');
if (!container) throw new Error('console.html has no #console-root element');
createRoot(container).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
