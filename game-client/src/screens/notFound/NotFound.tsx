import { Link } from 'react-router-dom';

export function NotFound() {
  return (
    <main className="center-screen">
      <section className="card" aria-labelledby="not-found-title">
        <h1 id="not-found-title">404 Page Not Found</h1>
        <p>Did you forget to add the page to the router?</p>
        <Link className="btn btn-primary" to="/">
          Back to Game
        </Link>
      </section>
    </main>
  );
}
