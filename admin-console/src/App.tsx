export function App() {
  return (
    <main>
      <h1>Deals or No Deals Admin</h1>
      <p>The admin console is coming soon.</p>
      <a href="/">Back to Game</a>
    </main>
  );
}
