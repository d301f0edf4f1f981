import { createHashRouter, Navigate } from 'react-router';
import { RecordsPage } from '../features/records/components/records-page';
import { DesktopShell, IndexRoute, MiniShell } from './shells';

/**
 * Hash routes (SPEC §2): #/index is the index route and `/` leads there; everything under
 * #/mini uses the compact layout. Unknown addresses go to the index rather than a blank page.
 */
export const router = createHashRouter([
  { path: '/', element: <Navigate to="/index" replace /> },
  {
    element: <DesktopShell />,
    children: [
      { path: '/index', element: <IndexRoute /> },
      { path: '/records', element: <RecordsPage /> },
    ],
  },
  {
    path: '/mini',
    element: <MiniShell />,
    children: [
      { index: true, element: <Navigate to="/mini/index" replace /> },
      { path: 'index', element: <IndexRoute isCompact /> },
      { path: 'records', element: <RecordsPage /> },
      { path: '*', element: <Navigate to="/mini/index" replace /> },
    ],
  },
  { path: '*', element: <Navigate to="/index" replace /> },
]);
