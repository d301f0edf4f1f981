import { lazy, Suspense } from 'react';
import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { DesktopShell, IndexRoute, MiniShell } from './shells';

/** The records page (its table, chart and filters) loads when first visited, not with #/index. */
const LazyRecordsPage = lazy(() =>
  import('../features/records/components/records-page').then((module) => ({
    default: module.RecordsPage,
  })),
);
const RecordsPage = () => (
  <Suspense fallback={null}>
    <LazyRecordsPage />
  </Suspense>
);

/**
 * Hash routes (SPEC §2): #/index is the index route and `/` leads there; everything under
 * #/mini uses the compact layout. Unknown addresses go to the index rather than a blank page.
 * Declared as elements: the app loads no data through the router, and the data router's code
 * would be a tenth of the first page's JavaScript.
 */
export function AppRoutes() {
  return (
    <HashRouter>
      <Routes>
        <Route path="/" element={<Navigate to="/index" replace />} />
        <Route element={<DesktopShell />}>
          <Route path="/index" element={<IndexRoute />} />
          <Route path="/records" element={<RecordsPage />} />
        </Route>
        <Route path="/mini" element={<MiniShell />}>
          <Route index element={<Navigate to="/mini/index" replace />} />
          <Route path="index" element={<IndexRoute isCompact />} />
          <Route path="records" element={<RecordsPage />} />
          <Route path="*" element={<Navigate to="/mini/index" replace />} />
        </Route>
        <Route path="*" element={<Navigate to="/index" replace />} />
      </Routes>
    </HashRouter>
  );
}
