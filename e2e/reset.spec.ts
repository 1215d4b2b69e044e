import { expect, expectShownFor, resetLinkIn, shot, test, toasts } from './fixtures';

// The password reset screen and flow: SPEC.md sections 2, 4 ("Password reset flow"), 5 and 8.

const INVALID_LINK = 'This reset link is invalid or has expired.';

test('the whole reset flow: mail from the outbox, new password, 3-second redirect, old link dead', async ({
  page,
  users,
  outbox,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const player = await users.create({ prefix: 'reset' });
  // The page's own clock times the redirect: when the router moves to another address.
  await page.addInitScript(() => {
    const moves: Array<{ url: string; at: number }> = [];
    (window as unknown as { __moves: typeof moves }).__moves = moves;
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        moves.push({ url: String(url), at: performance.now() });
        original(data, unused, url);
      };
    }
  });
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  const email = page.getByRole('textbox', { name: 'Email' });
  await email.pressSequentially('reset');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await shot(page, 'reset-forgot-invalid-email');
  await email.fill(player.email);
  await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();

  const sent = toasts(page).filter({ hasText: 'Reset Link Sent' });
  await expect(sent).toContainText('If an account with that email exists, a reset link has been sent.');
  // Watched from now, alongside the steps below (a screenshot on a loaded machine can take a second).
  const sentShown = expectShownFor(sent, 8000);
  await expect(page.getByRole('img', { name: 'Success' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await shot(page, 'reset-link-sent');
  await sentShown;

  const link = resetLinkIn(await outbox.waitForMail(player.email));
  expect(link.startsWith(`${baseURL}/reset-password?token=`)).toBe(true);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  const password = page.getByLabel('New Password');
  const confirm = page.getByLabel('Confirm Password');
  await password.pressSequentially('short');
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(password).toHaveAccessibleDescription('Password must be at least 6 characters');
  await password.pressSequentially('-but-now-long');
  await expect(page.getByText('Password must be at least 6 characters')).toHaveCount(0);
  await confirm.pressSequentially('short-but');
  await expect(confirm).toHaveAccessibleDescription("Passwords don't match");
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'reset-passwords-dont-match');
  await confirm.pressSequentially('-now-long');
  await expect(page.getByText("Passwords don't match")).toHaveCount(0);
  await shot(page, 'reset-form-filled');

  const answered = page.waitForResponse('**/api/auth/reset-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  expect((await answered).status()).toBe(200);
  const redirected = page.waitForURL('**/auth', { timeout: 8000 });

  const done = toasts(page).filter({ hasText: 'Password Reset Successfully' });
  await expect(done).toContainText('Your password has been reset. You can now log in.');
  // The toast shows for 5 s in all, outliving the redirect: watched alongside the steps below.
  const doneShown = expectShownFor(done, 5000);
  await expect(page.getByRole('img', { name: 'Success' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Password Reset' })).toBeVisible();
  await shot(page, 'reset-success');
  await redirected;
  // From the reset's answer arriving in the page to the router's move to /auth, by the page's clock.
  const waited = await page.evaluate(() => {
    const answer = performance
      .getEntriesByType('resource')
      .find((e) => e.name.endsWith('/api/auth/reset-password')) as PerformanceResourceTiming;
    const move = (window as unknown as { __moves: Array<{ url: string; at: number }> }).__moves.find((m) =>
      m.url.endsWith('/auth'),
    );
    return Math.round(move!.at - answer.responseEnd);
  });
  await expect(page.getByRole('tab', { name: 'Login', selected: true })).toBeVisible();
  await shot(page, 'reset-redirected-to-login');
  await doneShown;
  console.log(`redirected to /auth ${waited} ms after the reset answer`);
  expect(waited).toBeGreaterThanOrEqual(2900);
  expect(waited).toBeLessThan(4000);

  // The old password is gone, the new one works.
  await page.getByRole('textbox', { name: 'Username' }).fill(player.username);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toasts(page).filter({ hasText: 'Login failed' })).toContainText(
    'Invalid username or password',
  );
  await page.getByLabel('Password', { exact: true }).fill('short-but-now-long');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: `Logout (${player.username})` })).toBeVisible();
  await page.getByRole('button', { name: `Logout (${player.username})` }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await expect(toasts(page).filter({ hasText: 'Invalid Reset Link' })).toContainText(INVALID_LINK);
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
});

test('an invalid link gives the toast and the forgot mode', async ({ page }) => {
  await page.goto('/reset-password?token=this-is-not-a-real-token');
  const toast = toasts(page);
  await expect(toast).toContainText('Invalid Reset Link');
  await expect(toast).toContainText(INVALID_LINK);
  await expect(toast).toHaveClass(/toast-destructive/);
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
  // The dead token leaves the address, so a reload does not try it again.
  await expect(page).toHaveURL(/\/reset-password$/);
  await shot(page, 'reset-invalid-link');
});

test('a token that cannot be checked (network failure) gives the error toast, and the reset form', async ({
  page,
}) => {
  let fail!: () => void;
  const failed = new Promise<void>((resolve) => (fail = resolve));
  await page.route('**/api/auth/verify-reset-token/**', async (route) => {
    await failed;
    await route.abort('internetdisconnected');
  });
  await page.goto('/reset-password?token=some-token');
  await expect(page.getByRole('heading', { name: 'Checking your reset link' })).toBeVisible();
  await shot(page, 'reset-verifying');
  fail();
  const toast = toasts(page);
  await expect(toast).toContainText('Error');
  await expect(toast).toContainText('Failed to verify reset token. Please try again.');
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await shot(page, 'reset-verify-network-failure');
});

test('failures: sending the link, and resetting with a link spent meanwhile or an unreachable server', async ({
  page,
  users,
  outbox,
  request,
}) => {
  const player = await users.create({ prefix: 'rfail' });

  await page.route('**/api/auth/forgot-password', (route) => route.abort('internetdisconnected'));
  await page.goto('/forgot-password');
  await page.getByRole('textbox', { name: 'Email' }).fill(player.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(toasts(page)).toContainText('Failed to send reset email. Please try again.');
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await shot(page, 'reset-send-failed');
  await page.unroute('**/api/auth/forgot-password');

  const asked = await request.post('/api/auth/forgot-password', { data: { email: player.email } });
  expect(asked.status()).toBe(200);
  const link = resetLinkIn(await outbox.waitForMail(player.email));
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('New Password').fill('brand-new-password');
  await page.getByLabel('Confirm Password').fill('brand-new-password');

  await page.route('**/api/auth/reset-password', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toasts(page).filter({ hasText: 'Reset Failed' })).toContainText(
    'Failed to reset password. Please try again.',
  );
  await page.unroute('**/api/auth/reset-password');

  // Someone uses the link elsewhere first: the server's own words come back.
  const token = new URL(link).searchParams.get('token');
  const elsewhere = await request.post('/api/auth/reset-password', {
    data: { token, password: 'used-elsewhere', confirmPassword: 'used-elsewhere' },
  });
  expect(elsewhere.status()).toBe(200);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  const failed = toasts(page).filter({ hasText: 'Reset Failed' });
  await expect(failed).toContainText(INVALID_LINK);
  await expect(failed).toHaveClass(/toast-destructive/);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await shot(page, 'reset-failed');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the reset card fits the screen', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByRole('textbox', { name: 'Email' }).fill('nope');
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await shot(page, 'phone-reset-forgot');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
