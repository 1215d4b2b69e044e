import BarChartIcon from '@mui/icons-material/BarChart';
import RestoreIcon from '@mui/icons-material/Restore';
import { Menu, usePermissions } from 'react-admin';
import type { AdminPermissions } from '../authProvider';

/** The sidebar: the console's three screens, for admins only (a player sees Access Denied and no way on). */
export function AdminMenu() {
  const { permissions } = usePermissions<AdminPermissions>();
  if (!permissions?.isAdmin) return null;
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Users" />
      <Menu.Item to="/stats" primaryText="Statistics" leftIcon={<BarChartIcon />} />
      <Menu.Item to="/backups" primaryText="Backups" leftIcon={<RestoreIcon />} />
    </Menu>
  );
}
