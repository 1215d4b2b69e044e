export { BackupsPage } from './BackupsPage';
