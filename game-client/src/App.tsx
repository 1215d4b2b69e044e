export function App() {
  return (
    <div className="app">
      <header className="app-header">
        <h1>Deals or No Deals</h1>
        <p className="app-subtitle">TikTok Edition</p>
      </header>
      {/* The board mounts here. */}
      <main className="app-stage" />
      <footer className="app-footer">
        <p>A fan-made game. Not associated with or endorsed by the original franchise or TikTok.</p>
      </footer>
    </div>
  );
}
