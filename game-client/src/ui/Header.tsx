import { GAME_TEXT, type CurrentUser } from '@dond/shared';
import { useNavigate } from 'react-router-dom';
import { useLogout } from '../api/auth';
import { useSessionStore } from '../store/sessionStore';

/** Title, subtitle and the account buttons; a guest gets a way to sign in instead. */
export function Header({ user }: { user: CurrentUser | null }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const leaveGuest = useSessionStore((s) => s.leaveGuest);
  return (
    <header className="app-header">
      <div className="app-title">
        <h1>{GAME_TEXT.title}</h1>
        <p className="app-subtitle">{GAME_TEXT.subtitle}</p>
      </div>
      <nav className="app-actions" aria-label="Account">
        {user ? (
          <>
            <button type="button" className="btn btn-ghost" onClick={() => navigate('/customize-gifts')}>
              Customize Gifts
            </button>
            {user.isAdmin && (
              // The admin console is its own app: a full page load.
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => window.location.assign('/admin')}
              >
                Admin
              </button>
            )}
            <button
              type="button"
              className="btn btn-ghost"
              disabled={logout.isPending}
              onClick={() => logout.mutate()}
            >
              {logout.isPending ? 'Logging out...' : `Logout (${user.username})`}
            </button>
          </>
        ) : (
          <>
            <span className="guest-note">Guest game: results are not saved.</span>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                leaveGuest();
                navigate('/auth');
              }}
            >
              Sign in
            </button>
          </>
        )}
      </nav>
    </header>
  );
}
