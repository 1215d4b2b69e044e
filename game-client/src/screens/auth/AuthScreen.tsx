// Placeholder until the login and register screen lands in this issue.
export function AuthScreen() {
  return <main className="center-screen">DEALS OR NO DEALS</main>;
}
