import { rememberBoardLikely } from '../../board/preload';
import { registerRequestSchema, TIMINGS } from '@dond/shared';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { CookiesRefusedError, useLogin, useRegister } from '../../api/auth';
import { serverMessage } from '../../api/request';
import { useSessionStore } from '../../store/sessionStore';
import { Footer } from '../../ui/Footer';
import { toast } from '../../ui/toastStore';
import { FormField, useSchemaForm } from './form';
import { ShowTitle } from './ShowTitle';
import './AuthScreen.css';

type Mode = 'login' | 'register';
type Field = 'username' | 'password' | 'email';

const MODES: readonly Mode[] = ['login', 'register'];
const MODE_TEXT: Record<Mode, { tab: string; submit: string; lead: string }> = {
  login: { tab: 'Login', submit: 'Login', lead: 'Sign in to take your seat at the table.' },
  register: { tab: 'Register', submit: 'Create Account', lead: 'Create an account to save every game.' },
};

// SPEC.md section 5: both modes check the username and password; register adds the email.
const LOGIN_FORM = registerRequestSchema.omit({ email: true });
const REGISTER_FORM = registerRequestSchema;
const EMPTY: Record<Field, string> = { username: '', password: '', email: '' };

// SPEC.md section 8, "Login and registration".
const TOASTS = {
  loggedIn: { title: 'Welcome back!', description: 'You have successfully logged in.' },
  loginFailed: { title: 'Login failed', fallback: 'Invalid username or password' },
  registered: {
    title: 'Account Created Successfully!',
    fallback: 'Your account is pending admin approval. Please wait for approval before logging in.',
  },
  registerFailed: { title: 'Registration failed', fallback: 'Username might already exist' },
} as const;

/** The login and register card (SPEC.md section 2), with DECISIONS.md's 'Play as guest'. */
export function AuthScreen() {
  const navigate = useNavigate();
  const playAsGuest = useSessionStore((s) => s.playAsGuest);
  const leaveGuest = useSessionStore((s) => s.leaveGuest);
  useEffect(() => rememberBoardLikely(false), []);
  const login = useLogin();
  const register = useRegister();
  const [mode, setMode] = useState<Mode>('login');
  const form = useSchemaForm<Field>(mode === 'login' ? LOGIN_FORM : REGISTER_FORM, EMPTY);
  const tabs = useRef<Partial<Record<Mode, HTMLButtonElement | null>>>({});
  const pending = login.isPending || register.isPending;
  const current = MODE_TEXT[mode];
  const field = (name: Field) => ({
    value: form.values[name],
    error: form.errorOf(name),
    onValue: (v: string) => form.change(name, v),
  });

  // Arrow keys move between the two tabs, as the ARIA tabs pattern has it.
  function onTabKey(event: KeyboardEvent) {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: Mode = mode === 'login' ? 'register' : 'login';
    const target = event.key === 'Home' ? 'login' : event.key === 'End' ? 'register' : next;
    setMode(target);
    tabs.current[target]?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const firstInvalid = form.revealAll();
    if (firstInvalid) {
      document.getElementById(`auth-${firstInvalid}`)?.focus();
      return;
    }
    const { username, password, email } = form.values;
    if (mode === 'login') {
      login.mutate(
        { username: username.trim(), password },
        {
          onSuccess: () => {
            leaveGuest();
            toast(TOASTS.loggedIn);
            navigate('/', { replace: true });
          },
          onError: (error) =>
            toast({
              title: TOASTS.loginFailed.title,
              description:
                error instanceof CookiesRefusedError
                  ? error.message
                  : (serverMessage(error) ?? TOASTS.loginFailed.fallback),
              variant: 'destructive',
            }),
        },
      );
      return;
    }
    register.mutate(
      { username: username.trim(), password, email: email.trim() },
      {
        onSuccess: (answer) => {
          toast({
            title: TOASTS.registered.title,
            description: answer.message ?? TOASTS.registered.fallback,
            duration: TIMINGS.registrationToastMs,
          });
          form.clear();
          setMode('login');
        },
        onError: (error) =>
          toast({
            title: TOASTS.registerFailed.title,
            description: serverMessage(error) ?? TOASTS.registerFailed.fallback,
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <div className="page-with-footer">
      <main className="center-screen auth-screen">
        <section className="card auth-card" aria-labelledby="auth-title">
          <ShowTitle titleId="auth-title" />

          <div className="auth-tabs" role="tablist" aria-label="Account" onKeyDown={onTabKey}>
            {MODES.map((m) => (
              <button
                key={m}
                ref={(el) => {
                  tabs.current[m] = el;
                }}
                type="button"
                role="tab"
                id={`auth-tab-${m}`}
                aria-selected={mode === m}
                aria-controls="auth-panel"
                tabIndex={mode === m ? 0 : -1}
                className="auth-tab"
                onClick={() => setMode(m)}
              >
                {MODE_TEXT[m].tab}
              </button>
            ))}
          </div>

          <form
            id="auth-panel"
            role="tabpanel"
            aria-labelledby={`auth-tab-${mode}`}
            className="auth-form"
            noValidate
            onSubmit={onSubmit}
          >
            <p className="auth-lead">{current.lead}</p>
            <FormField id="auth-username" label="Username" autoComplete="username" {...field('username')} />
            <FormField
              id="auth-password"
              label="Password"
              type="password"
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
              {...field('password')}
            />
            {mode === 'register' && (
              <FormField
                id="auth-email"
                label="Email"
                type="email"
                autoComplete="email"
                {...field('email')}
              />
            )}
            {mode === 'login' && (
              <p className="auth-forgot">
                <Link to="/forgot-password">Forgot your password?</Link>
              </p>
            )}
            <button type="submit" className="btn btn-primary auth-submit" disabled={pending}>
              {pending ? 'Loading...' : current.submit}
            </button>
          </form>

          <div className="auth-guest">
            <span className="auth-or" aria-hidden="true">
              or
            </span>
            <button
              type="button"
              className="btn btn-ghost auth-guest-button"
              onClick={() => {
                playAsGuest();
                navigate('/');
              }}
            >
              Play as guest
            </button>
            <p className="auth-guest-note">Guest games are not saved.</p>
          </div>
        </section>
      </main>
      <Footer />
    </div>
  );
}
