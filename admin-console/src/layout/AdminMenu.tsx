import { Menu } from 'react-admin';

/** The sidebar: the three screens of the console. */
export function AdminMenu() {
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Users" />
      <Menu.Item to="/stats" primaryText="Statistics" />
      <Menu.Item to="/backups" primaryText="Backups" />
    </Menu>
  );
}
