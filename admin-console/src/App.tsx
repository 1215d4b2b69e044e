import { lazy, Suspense, type ReactNode } from 'react';
import { Admin, CustomRoutes, Loading } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { createAuthProvider } from './authProvider';
import { Dashboard } from './dashboard';
import { createDataProvider } from './dataProvider';
import { AdminLayout } from './layout';

// The statistics and backups screens load when opened: the dashboard, the screen an admin opens most, stays
// lighter.
const StatsPage = lazy(() => import('./stats').then((m) => ({ default: m.StatsPage })));
const BackupsPage = lazy(() => import('./backups').then((m) => ({ default: m.BackupsPage })));

function Screen({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Loading loadingPrimary="Loading..." loadingSecondary="" />}>{children}</Suspense>
  );
}

const defaultAuthProvider = createAuthProvider();
const defaultDataProvider = createDataProvider();

/**
 * The console: react-admin under /admin. The dashboard is /admin; statistics and backups are custom routes.
 * Every screen requires a session (signed out goes to the game's /auth) and shows Access Denied to players.
 */
export function App({
  authProvider = defaultAuthProvider,
  dataProvider = defaultDataProvider,
}: {
  authProvider?: ReturnType<typeof createAuthProvider>;
  dataProvider?: ReturnType<typeof createDataProvider>;
}) {
  return (
    // react-admin's own router is a HashRouter, whose '/' never matches a basename: the console lives at real
    // paths under /admin (the server answers its index.html for each), so it runs in a BrowserRouter.
    <BrowserRouter basename="/admin">
      <Admin
        title="Deals or No Deals Admin"
        authProvider={authProvider}
        dataProvider={dataProvider}
        dashboard={Dashboard}
        layout={AdminLayout}
        requireAuth
        disableTelemetry
      >
        <CustomRoutes>
          <Route
            path="/stats"
            element={
              <Screen>
                <StatsPage />
              </Screen>
            }
          />
          <Route
            path="/backups"
            element={
              <Screen>
                <BackupsPage />
              </Screen>
            }
          />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
