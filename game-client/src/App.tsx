import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useMe } from './api/auth';
import { AuthScreen } from './screens/auth/AuthScreen';
import { CustomizeGiftsScreen } from './screens/customize/CustomizeGiftsScreen';
import { GameScreen } from './screens/game/GameScreen';
import { LoadingScreen } from './screens/LoadingScreen';
import { NotFound } from './screens/notFound/NotFound';
import { ResetPasswordScreen } from './screens/reset/ResetPasswordScreen';
import { useSessionStore } from './store/sessionStore';

// The verify page is its own chunk: the login screen and the board load nothing of it.
const VerifyScreen = lazy(() =>
  import('./screens/verify/VerifyScreen').then((m) => ({ default: m.VerifyScreen })),
);
const verifyPage = (
  <Suspense fallback={<LoadingScreen />}>
    <VerifyScreen />
  </Suspense>
);
// The streamer studio's screens too: a player who never streams loads nothing of them.
const StageScreen = lazy(() =>
  import('./screens/stage/StageScreen').then((m) => ({ default: m.StageScreen })),
);
const ControlDeck = lazy(() =>
  import('./screens/control/ControlDeck').then((m) => ({ default: m.ControlDeck })),
);

// The tuning studio (issue 19), Tweakpane and all: no player's first load carries any of it.
const StudioScreen = lazy(() =>
  import('./screens/studio/StudioScreen').then((m) => ({ default: m.StudioScreen })),
);

/** /admin belongs to the admin console, its own app: hand it over with a full page load. */
function AdminConsole() {
  const location = useLocation();
  useEffect(() => window.location.replace(location.pathname + location.search), [location]);
  return <LoadingScreen />;
}

/** The route tables of SPEC.md section 2, signed in and signed out. */
export function App() {
  const { user, isLoading } = useMe();
  const isGuest = useSessionStore((s) => s.isGuest);
  const { pathname } = useLocation();
  // A stage (OBS's browser source) has no sign-in: its key is its access, whoever looks.
  if (pathname.startsWith('/stage/')) {
    return (
      <Routes>
        <Route
          path="/stage/:key"
          element={
            <Suspense fallback={null}>
              <StageScreen />
            </Suspense>
          }
        />
      </Routes>
    );
  }
  // A guest in this tab goes straight to the board while the session check runs (a round trip sooner); if
  // the check finds a signed-in player after all, the same screen carries on as theirs.
  if (isLoading && !(isGuest && pathname === '/')) return <LoadingScreen />;
  if (user) {
    return (
      <Routes>
        <Route path="/" element={<GameScreen user={user} />} />
        <Route path="/customize-gifts" element={<CustomizeGiftsScreen />} />
        <Route
          path="/control"
          element={
            <Suspense fallback={<LoadingScreen />}>
              <ControlDeck user={user} />
            </Suspense>
          }
        />
        <Route
          path="/studio"
          element={
            <Suspense fallback={<LoadingScreen />}>
              <StudioScreen user={user} />
            </Suspense>
          }
        />
        <Route path="/admin/*" element={<AdminConsole />} />
        <Route path="/verify/:id" element={verifyPage} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route path="/auth" element={<AuthScreen />} />
      <Route path="/reset-password" element={<ResetPasswordScreen />} />
      <Route path="/forgot-password" element={<ResetPasswordScreen />} />
      <Route path="/verify/:id" element={verifyPage} />
      <Route path="/" element={isGuest ? <GameScreen user={null} /> : <AuthScreen />} />
      <Route path="*" element={<AuthScreen />} />
    </Routes>
  );
}
