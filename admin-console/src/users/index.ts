export { UserActions } from './UserActions';
export { UserRow } from './UserRow';
export * from './rules';
