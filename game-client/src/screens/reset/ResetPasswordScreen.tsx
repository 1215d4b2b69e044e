import {
  forgotPasswordRequestSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
  TIMINGS,
  verifyResetTokenResponseSchema,
} from '@dond/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { apiJson, HttpError, serverMessage } from '../../api/request';
import { Footer } from '../../ui/Footer';
import { toast } from '../../ui/toastStore';
import { FormField, useSchemaForm } from '../auth/form';
import { ShowTitle } from '../auth/ShowTitle';
import './ResetPasswordScreen.css';

/** 'verifying' is the moment between opening a link and the server's word on its token. */
type Mode = 'forgot' | 'verifying' | 'reset' | 'success';
/** What the success mode is about: a link was sent, or the password was reset. */
type Success = 'linkSent' | 'passwordReset';

// SPEC.md section 8, "Password reset".
const TOASTS = {
  invalidLink: { title: 'Invalid Reset Link', fallback: 'This reset link is invalid or has expired.' },
  verifyFailed: { title: 'Error', description: 'Failed to verify reset token. Please try again.' },
  linkSent: { title: 'Reset Link Sent' },
  sendFailed: { title: 'Error', fallback: 'Failed to send reset email. Please try again.' },
  resetDone: { title: 'Password Reset Successfully' },
  resetFailed: { title: 'Reset Failed', fallback: 'Failed to reset password. Please try again.' },
} as const;

/** The password reset screen (SPEC.md sections 2 and 4): forgot, reset and success modes. */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  // A new link opened on this screen starts over from its own verification.
  return <ResetPasswordCard key={token ?? ''} token={token} />;
}

function ResetPasswordCard({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>(token ? 'verifying' : 'forgot');
  const [success, setSuccess] = useState<Success>('linkSent');
  const [pending, setPending] = useState(false);
  const forgot = useSchemaForm(forgotPasswordRequestSchema, { email: '' });
  const reset = useSchemaForm(
    resetPasswordRequestSchema,
    { password: '', confirmPassword: '' },
    { token: token ?? '' },
  );

  // A token in the query string is checked before the new password is asked for.
  useEffect(() => {
    if (!token) return;
    let live = true;
    apiJson(
      'GET',
      `/api/auth/verify-reset-token/${encodeURIComponent(token)}`,
      undefined,
      verifyResetTokenResponseSchema,
    )
      .then((answer) => {
        if (!live) return;
        if (answer.valid) return setMode('reset');
        invalidLink(answer.error ?? null);
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof HttpError) return invalidLink(error.serverMessage);
        // The server could not be reached: the token may well be good, and the reset checks it again.
        toast({ ...TOASTS.verifyFailed, variant: 'destructive' });
        setMode('reset');
      });
    function invalidLink(message: string | null) {
      toast({
        title: TOASTS.invalidLink.title,
        description: message ?? TOASTS.invalidLink.fallback,
        variant: 'destructive',
      });
      setMode('forgot');
      // Back to a plain forgot-password address, so a reload does not try the dead link again.
      setParams({}, { replace: true });
    }
    return () => {
      live = false;
    };
  }, [token, setParams]);

  // After a reset, back to the login screen after SPEC.md's 3 seconds.
  useEffect(() => {
    if (mode !== 'success' || success !== 'passwordReset') return;
    const timer = setTimeout(() => navigate('/auth'), TIMINGS.resetRedirectMs);
    return () => clearTimeout(timer);
  }, [mode, success, navigate]);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const firstInvalid = forgot.revealAll();
    if (firstInvalid) return document.getElementById(`reset-${firstInvalid}`)?.focus();
    setPending(true);
    try {
      const answer = await apiJson(
        'POST',
        '/api/auth/forgot-password',
        { email: forgot.values.email.trim() },
        messageResponseSchema,
      );
      toast({
        title: TOASTS.linkSent.title,
        description: answer.message,
        duration: TIMINGS.resetLinkToastMs,
      });
      setSuccess('linkSent');
      setMode('success');
    } catch (error) {
      toast({
        title: TOASTS.sendFailed.title,
        description: serverMessage(error) ?? TOASTS.sendFailed.fallback,
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  async function resetPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !token) return;
    const firstInvalid = reset.revealAll();
    if (firstInvalid) return document.getElementById(`reset-${firstInvalid}`)?.focus();
    setPending(true);
    try {
      const answer = await apiJson(
        'POST',
        '/api/auth/reset-password',
        { token, ...reset.values },
        messageResponseSchema,
      );
      toast({
        title: TOASTS.resetDone.title,
        description: answer.message,
        duration: TIMINGS.resetDoneToastMs,
      });
      setSuccess('passwordReset');
      setMode('success');
    } catch (error) {
      toast({
        title: TOASTS.resetFailed.title,
        description: serverMessage(error) ?? TOASTS.resetFailed.fallback,
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="page-with-footer">
      <main className="center-screen reset-screen">
        <section className="card reset-card" aria-labelledby="reset-heading">
          <ShowTitle heading={false} />

          {mode === 'verifying' && (
            <div className="reset-body" aria-busy="true">
              <h1 id="reset-heading">Checking your reset link</h1>
              <p className="reset-lead">Loading...</p>
            </div>
          )}

          {mode === 'forgot' && (
            <form className="reset-body" noValidate onSubmit={send}>
              <h1 id="reset-heading">Forgot Password</h1>
              <p className="reset-lead">
                Enter the email address of your account and we will send you a link to reset your password.
              </p>
              <FormField
                id="reset-email"
                label="Email"
                type="email"
                autoComplete="email"
                value={forgot.values.email}
                error={forgot.errorOf('email')}
                onValue={(v) => forgot.change('email', v)}
              />
              <button type="submit" className="btn btn-primary reset-submit" disabled={pending}>
                {pending ? 'Sending...' : 'Send Reset Link'}
              </button>
            </form>
          )}

          {mode === 'reset' && (
            <form className="reset-body" noValidate onSubmit={resetPassword}>
              <h1 id="reset-heading">Reset Password</h1>
              <p className="reset-lead">Choose a new password for your account.</p>
              <FormField
                id="reset-password"
                label="New Password"
                type="password"
                autoComplete="new-password"
                value={reset.values.password}
                error={reset.errorOf('password')}
                onValue={(v) => reset.change('password', v)}
              />
              <FormField
                id="reset-confirmPassword"
                label="Confirm Password"
                type="password"
                autoComplete="new-password"
                value={reset.values.confirmPassword}
                error={reset.errorOf('confirmPassword')}
                onValue={(v) => reset.change('confirmPassword', v)}
              />
              <button type="submit" className="btn btn-primary reset-submit" disabled={pending}>
                {pending ? 'Resetting...' : 'Reset Password'}
              </button>
            </form>
          )}

          {mode === 'success' && (
            <div className="reset-body reset-success">
              <svg className="reset-check" role="img" aria-label="Success" viewBox="0 0 52 52">
                <circle cx="26" cy="26" r="24" />
                <path d="M15 27 l8 8 l15 -17" />
              </svg>
              {success === 'linkSent' ? (
                <>
                  <h1 id="reset-heading">Check Your Email</h1>
                  <p className="reset-lead">
                    If an account uses that address, a link to reset its password is on its way.
                  </p>
                </>
              ) : (
                <>
                  <h1 id="reset-heading">Password Reset</h1>
                  <p className="reset-lead">
                    Your new password is set. Taking you back to the login screen...
                  </p>
                </>
              )}
            </div>
          )}

          <Link className="btn btn-ghost reset-back" to="/auth">
            Back to Login
          </Link>
        </section>
      </main>
      <Footer />
    </div>
  );
}
