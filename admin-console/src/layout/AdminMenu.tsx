import BarChartIcon from '@mui/icons-material/BarChart';
import RestoreIcon from '@mui/icons-material/Restore';
import TuneIcon from '@mui/icons-material/Tune';
import { ListItemIcon, MenuItem } from '@mui/material';
import { Menu, usePermissions } from 'react-admin';
import type { AdminPermissions } from '../authProvider';

/**
 * The sidebar: the console's three screens, for admins only (a player sees Access Denied and no way on), and the
 * game's tuning studio (issue 19), a page of the game's app: a full page load.
 */
export function AdminMenu() {
  const { permissions } = usePermissions<AdminPermissions>();
  if (!permissions?.isAdmin) return null;
  return (
    <Menu>
      <Menu.DashboardItem primaryText="Users" />
      <Menu.Item to="/stats" primaryText="Statistics" leftIcon={<BarChartIcon />} />
      <Menu.Item to="/backups" primaryText="Backups" leftIcon={<RestoreIcon />} />
      <MenuItem component="a" href="/studio">
        <ListItemIcon>
          <TuneIcon fontSize="small" />
        </ListItemIcon>
        Tuning studio
      </MenuItem>
    </Menu>
  );
}
