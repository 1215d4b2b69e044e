import { NotBuiltYet } from '../layout';

/** Placeholder: the backups screen (SPEC 2 "Backups screen") is not built yet (issue 7). */
export function BackupsPage() {
  return <NotBuiltYet title="Game Backups" />;
}
