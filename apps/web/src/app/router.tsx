import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { loadedOnUse } from '../lib/loaded-on-use';
import { memberPages } from './member-pages';
import { DesktopShell, IndexRoute, MiniShell } from './shells';

/** Pages a match opens beside the board, each loaded when first asked for. */
const HeadToHeadPage = loadedOnUse(() =>
  import('../features/sports/components/head-to-head-page').then((module) => module.HeadToHeadPage),
);
const BroadcastPage = loadedOnUse(() =>
  import('../features/sports/components/virtual-broadcast').then(
    (module) => module.VirtualBroadcastPage,
  ),
);

/**
 * Hash routes (SPEC §2): #/index is the index route and `/` leads there; everything under
 * #/mini uses the compact layout. #/h2h/<sport>/<match> (the head-to-head window, SPEC §9) and
 * #/broadcast/<sport>/<match> (a virtual event's video, shown in a frame) stand alone. Unknown
 * addresses go to the index rather than a blank page.
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
          {memberPages.map(({ path, Page }) => (
            <Route key={path} path={`/${path}`} element={<Page />} />
          ))}
        </Route>
        <Route path="/mini" element={<MiniShell />}>
          <Route index element={<Navigate to="/mini/index" replace />} />
          <Route path="index" element={<IndexRoute isCompact />} />
          {memberPages.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<Navigate to="/mini/index" replace />} />
        </Route>
        <Route path="/h2h/:sportId/:matchId" element={<HeadToHeadPage />} />
        <Route path="/broadcast/:sportId/:matchId" element={<BroadcastPage />} />
        <Route path="*" element={<Navigate to="/index" replace />} />
      </Routes>
    </HashRouter>
  );
}
