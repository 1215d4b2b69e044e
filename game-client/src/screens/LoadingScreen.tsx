export function LoadingScreen() {
  return (
    <main className="center-screen" aria-busy="true">
      <p className="loading">Loading...</p>
    </main>
  );
}
