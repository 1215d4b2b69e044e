export { StatsPage } from './StatsPage';
