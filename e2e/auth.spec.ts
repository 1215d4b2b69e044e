import { expect, expectShownFor, shot, test, toasts, uniqueName } from './fixtures';

// The login and register screen: SPEC.md sections 2, 4 ("Accounts"), 5 and 8, and DECISIONS.md's guest play.

const PENDING = 'Your account is pending admin approval. Please wait for approval before logging in.';

test('each validation message appears as it is typed, and goes when the value is right', async ({ page }) => {
  await page.goto('/auth');
  const username = page.getByRole('textbox', { name: 'Username' });
  const password = page.getByLabel('Password', { exact: true });
  const short = page.getByText('Username must be at least 3 characters');
  const long = page.getByText('Username must be less than 20 characters');
  const weak = page.getByText('Password must be at least 6 characters');

  // Nothing is said before the player types.
  await expect(short).toHaveCount(0);
  await expect(weak).toHaveCount(0);

  await username.pressSequentially('ab');
  await expect(short).toBeVisible();
  await expect(username).toHaveAccessibleDescription('Username must be at least 3 characters');
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(weak).toHaveCount(0); // the untouched password field stays quiet
  await shot(page, 'auth-login-username-too-short');
  await username.press('c');
  await expect(short).toHaveCount(0);
  await expect(username).not.toHaveAttribute('aria-invalid', 'true');

  await username.pressSequentially('defghijklmnopqrstu'); // 21 characters
  await expect(long).toBeVisible();
  await username.press('Backspace'); // 20 characters
  await expect(long).toHaveCount(0);

  await password.pressSequentially('abc');
  await expect(weak).toBeVisible();
  await expect(password).toHaveAccessibleDescription('Password must be at least 6 characters');
  await shot(page, 'auth-login-password-too-short');
  await password.pressSequentially('def');
  await expect(weak).toHaveCount(0);

  // Register mode adds the email, with its own message.
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page.getByRole('tab', { name: 'Register', selected: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveCount(0);
  const email = page.getByRole('textbox', { name: 'Email' });
  const badEmail = page.getByText('Please enter a valid email address');
  await email.pressSequentially('player');
  await expect(badEmail).toBeVisible();
  await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
  await shot(page, 'auth-register-email-invalid');
  await email.pressSequentially('@example.test');
  await expect(badEmail).toHaveCount(0);
  await email.fill('');
  await expect(badEmail).toBeVisible();
});

test('submitting an empty form shows every message and sends nothing', async ({ page }) => {
  let calls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/login') || r.url().includes('/api/auth/register')) calls++;
  });
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Username' })).toBeFocused();

  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await shot(page, 'auth-register-empty-submit');
  expect(calls).toBe(0);
});

test("'Forgot your password?' shows in login mode only and opens the reset screen", async ({ page }) => {
  await page.goto('/auth');
  const forgot = page.getByRole('link', { name: 'Forgot your password?' });
  await expect(forgot).toBeVisible();
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(forgot).toHaveCount(0);
  await shot(page, 'auth-register-mode');
  // The tabs answer the arrow keys too.
  await page.getByRole('tab', { name: 'Register' }).press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Login', selected: true })).toBeFocused();
  await forgot.click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
});

test('register, refused while pending, approved by the admin, login, logout', async ({ page, admin }) => {
  test.setTimeout(60_000);
  const username = uniqueName('newbie');
  const password = 'secret-password';
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Email' }).fill(`${username}@example.test`);
  await shot(page, 'auth-register-filled');
  await page.getByRole('button', { name: 'Create Account' }).click();

  const created = toasts(page).filter({ hasText: 'Account Created Successfully!' });
  await expect(created).toContainText(PENDING);
  // Watched from now, alongside the steps below (a screenshot on a loaded machine can take a second).
  const createdShown = expectShownFor(created, 8000);
  // Back in login mode with a cleared form.
  await expect(page.getByRole('tab', { name: 'Login', selected: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page.getByText('Username must be at least 3 characters')).toHaveCount(0);
  await shot(page, 'auth-registered');
  await createdShown;

  // A pending account is refused with the server's words.
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  const refused = toasts(page).filter({ hasText: 'Login failed' });
  await expect(refused).toContainText(PENDING);
  await expect(page).toHaveURL(/\/auth$/);
  await shot(page, 'auth-login-pending');

  await admin.approve(username);

  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText('Welcome back!');
  await expect(toasts(page)).toContainText('You have successfully logged in.');
  const logout = page.getByRole('button', { name: `Logout (${username})` });
  await expect(logout).toBeVisible();
  await shot(page, 'auth-logged-in-game');

  await logout.click();
  await expect(page.getByRole('heading', { level: 1, name: 'DEALS OR NO DEALS' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Login', selected: true })).toBeVisible();
  await shot(page, 'auth-logged-out');
  // Signed out for real: a reload still shows the login screen.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('logging in lands on the game without flashing the 404 card on the way', async ({ page, users }) => {
  // BrowserRouter would move in a React transition and render the signed-in routes once at /auth;
  // main.tsx turns that off (useTransitions={false}).
  const player = await users.create();
  await page.goto('/auth');
  await page.getByRole('textbox', { name: 'Username' }).fill(player.username);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.evaluate(() => {
    const seen = window as unknown as { saw404?: boolean };
    new MutationObserver(() => {
      if (document.body.textContent?.includes('404 Page Not Found')) seen.saw404 = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: `Logout (${player.username})` })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { saw404?: boolean }).saw404 ?? false)).toBe(false);
});

test('a wrong password gives the login failure toast', async ({ page, users }) => {
  const player = await users.create();
  await page.goto('/auth');
  await page.getByRole('textbox', { name: 'Username' }).fill(player.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  const toast = toasts(page);
  await expect(toast).toContainText('Login failed');
  await expect(toast).toContainText('Invalid username or password');
  await expect(toast).toHaveClass(/toast-destructive/);
  await expect(page).toHaveURL(/\/auth$/);
  await shot(page, 'auth-login-failed');
});

test('a taken username gives the registration failure toast with the server message', async ({
  page,
  users,
}) => {
  const player = await users.create();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByRole('textbox', { name: 'Username' }).fill(player.username.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill('another-password');
  await page.getByRole('textbox', { name: 'Email' }).fill('someone-else@example.test');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const toast = toasts(page);
  await expect(toast).toContainText('Registration failed');
  await expect(toast).toContainText('Username already exists');
  await expect(toast).toHaveClass(/toast-destructive/);
  // The form stays as typed, in register mode, to correct it.
  await expect(page.getByRole('tab', { name: 'Register', selected: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('someone-else@example.test');
  await shot(page, 'auth-register-failed');
});

test("the submit button is disabled and reads 'Loading...' while the request is pending", async ({
  page,
  users,
}) => {
  const player = await users.create();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/login', async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/auth');
  await page.getByRole('textbox', { name: 'Username' }).fill(player.username);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Login' }).click();
  const pending = page.getByRole('button', { name: 'Loading...' });
  await expect(pending).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);
  await shot(page, 'auth-login-pending-button');
  release();
  await expect(page.getByRole('button', { name: `Logout (${player.username})` })).toBeVisible();
});

test("'Play as guest' opens the game frame, says guest games are not saved, and leads back to sign in", async ({
  page,
}) => {
  await page.goto('/auth');
  await expect(page.getByText('Guest games are not saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Play as guest' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner')).toContainText('Guest game: results are not saved.');
  await expect(page.getByRole('main', { name: 'Game board' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Logout/ })).toHaveCount(0);
  await shot(page, 'guest-game');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { level: 1, name: 'DEALS OR NO DEALS' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the login and register card fits the screen', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'DEALS OR NO DEALS' })).toBeVisible();
    await shot(page, 'phone-auth-login');
    await page.getByRole('tab', { name: 'Register' }).tap();
    await page.getByRole('textbox', { name: 'Username' }).fill('ab');
    await page.getByRole('textbox', { name: 'Email' }).fill('nope');
    await shot(page, 'phone-auth-register');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
