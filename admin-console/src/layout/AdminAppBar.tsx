import { AppBar, ToggleThemeButton } from 'react-admin';

/**
 * react-admin's app bar without its refresh button: the backups screen has SPEC 2's own Refresh (which reads
 * the local storage again), and two buttons of that name on one screen would be one too many.
 */
export function AdminAppBar() {
  return <AppBar toolbar={<ToggleThemeButton />} />;
}
