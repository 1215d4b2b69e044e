import { NotBuiltYet } from '../layout';

/** Placeholder: the statistics screen (SPEC 2 "Statistics screen") is not built yet (issue 7). */
export function StatsPage() {
  return <NotBuiltYet title="Game Statistics" />;
}
