import { formatCoins, giftById, liveGameVerifySchema, type LiveGameVerify } from '@dond/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { apiJson, HttpError } from '../../api/request';
import { Footer } from '../../ui/Footer';
import { GiftImage } from '../../ui/GiftImage';
import { actionText, checkGame, type GameCheck } from '../../verify/checkGame';
import { ShowTitle } from '../auth/ShowTitle';
import './VerifyScreen.css';

/** GET /api/live-games/{id}/verify, then the check in this browser: nothing of it is taken on trust. */
async function loadAndCheck(id: string): Promise<{ game: LiveGameVerify; check: GameCheck }> {
  const game = await apiJson(
    'GET',
    `/api/live-games/${encodeURIComponent(id)}/verify`,
    undefined,
    liveGameVerifySchema,
  );
  return { game, check: await checkGame(game) };
}

/** /verify/{id}: anyone, signed in or not, checks that a live game was dealt and priced as promised. */
export function VerifyScreen() {
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: ['verify', id],
    queryFn: () => loadAndCheck(id),
    retry: false,
    // A game in progress reveals its seed when it ends: a later visit asks again.
    gcTime: 0,
  });

  return (
    <div className="page-with-footer">
      <main className="center-screen verify-screen">
        {query.isPending ? (
          <section className="card verify-card" aria-busy="true" aria-labelledby="verify-heading">
            <ShowTitle heading={false} />
            <h1 id="verify-heading">Checking the game</h1>
            <p className="verify-lead">Loading...</p>
          </section>
        ) : query.isError ? (
          <LoadError error={query.error} id={id} retry={() => void query.refetch()} />
        ) : (
          <GameProof game={query.data.game} check={query.data.check} />
        )}
      </main>
      <Footer />
    </div>
  );
}

function LoadError({ error, id, retry }: { error: Error; id: string; retry: () => void }) {
  // 404: no game has this id; 400: the id is not a game id at all. Both mean there is nothing to check.
  const noSuchGame = error instanceof HttpError && (error.status === 404 || error.status === 400);
  const serverSays = error instanceof HttpError ? error.serverMessage : null;
  return (
    <section className="card verify-card verify-card-narrow" aria-labelledby="verify-heading">
      <ShowTitle heading={false} />
      {noSuchGame ? (
        <>
          <h1 id="verify-heading">No such game</h1>
          <p className="verify-lead">
            No game has the id <code className="verify-code">{id}</code>. Check the link you were given.
          </p>
          {serverSays && <p className="verify-server-says">The server says: {serverSays}</p>}
        </>
      ) : (
        <>
          <h1 id="verify-heading">Could not check this game</h1>
          <p className="verify-lead">{serverSays ?? error.message}</p>
          <button type="button" className="btn btn-primary" onClick={retry}>
            Try again
          </button>
        </>
      )}
      <Link className="btn btn-ghost verify-back" to="/">
        Back to Game
      </Link>
    </section>
  );
}

const VERDICTS = {
  verified: {
    title: 'Verified',
    lead: 'The server seed matches the commitment given before the first tap, every case holds the gift the seeds put there, and every offer is the one the seeds and the moves give. Your browser checked it all itself.',
  },
  mismatch: { title: 'Not verified', lead: 'What does not match:' },
  unfinished: {
    title: 'Game in progress',
    lead: 'The server seed is revealed once the game is over: then this page can check the board and every offer. Until then, here is the commitment that fixes the board, and what is known so far.',
  },
} as const;

function GameProof({ game, check }: { game: LiveGameVerify; check: GameCheck }) {
  const verdict = VERDICTS[check.status];
  const playerCase = game.actions.find((a) => a.type === 'pick')?.case ?? null;
  return (
    <section className="card verify-card" aria-labelledby="verify-heading">
      <ShowTitle heading={false} />
      <h1 id="verify-heading">Provably fair check</h1>

      <section className={`verify-verdict verify-${check.status}`} aria-labelledby="verify-verdict">
        <h2 id="verify-verdict">{verdict.title}</h2>
        <p>{verdict.lead}</p>
        {check.mismatches.length > 0 && (
          <ul className="verify-mismatches">
            {check.mismatches.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        )}
      </section>

      <dl className="verify-facts">
        <dt>Game</dt>
        <dd>
          <code className="verify-code">{game.id}</code>
        </dd>
        <dt>Commitment</dt>
        <dd>
          <code className="verify-code">{game.commitment}</code>
        </dd>
        <dt>Client seed</dt>
        <dd>
          <code className="verify-code">{game.clientSeed}</code>
        </dd>
        <dt>Server seed</dt>
        <dd>
          {game.serverSeed ? (
            <code className="verify-code">{game.serverSeed}</code>
          ) : (
            'Revealed once the game is over'
          )}
        </dd>
      </dl>

      {game.board ? (
        <BoardTable board={game.board} expected={check.board} playerCase={playerCase} />
      ) : (
        <GiftsInPlay giftIds={game.giftIds} />
      )}

      <section aria-labelledby="verify-offers">
        <h2 id="verify-offers">Offers</h2>
        {game.offers.length === 0 ? (
          <p className="verify-muted">No offer yet.</p>
        ) : (
          <ol className="verify-offers">
            {game.offers.map((offer, i) => {
              const expected = check.offers?.[i];
              const wrong = expected !== undefined && expected !== offer;
              return (
                <li key={i} className={wrong ? 'verify-wrong' : undefined}>
                  {formatCoins(offer)}
                  {wrong && <span className="verify-should"> (should be {formatCoins(expected)})</span>}
                </li>
              );
            })}
          </ol>
        )}
      </section>

      <details className="verify-actions">
        <summary>Moves ({game.actions.length})</summary>
        <ol>
          {game.actions.map((action, i) => (
            <li key={i}>{actionText(action)}</li>
          ))}
        </ol>
      </details>

      <Link className="btn btn-ghost verify-back" to="/">
        Back to Game
      </Link>
    </section>
  );
}

function GiftCell({ id }: { id: number }) {
  const gift = giftById(id);
  if (!gift) return <span>gift id {id}</span>;
  return (
    <span className="verify-gift">
      <GiftImage gift={gift} size={28} alt="" />
      <span>{gift.name}</span>
      <span className="verify-coins">{formatCoins(gift.coins)}</span>
    </span>
  );
}

function BoardTable({
  board,
  expected,
  playerCase,
}: {
  board: readonly number[];
  expected: readonly number[] | null;
  playerCase: number | null;
}) {
  return (
    <section aria-labelledby="verify-board">
      <h2 id="verify-board">The board</h2>
      <table className="verify-board">
        <thead>
          <tr>
            <th scope="col">Case</th>
            <th scope="col">Gift</th>
          </tr>
        </thead>
        <tbody>
          {board.map((id, i) => {
            const should = expected?.[i];
            const wrong = should !== undefined && should !== id;
            return (
              <tr key={i} className={wrong ? 'verify-wrong' : undefined}>
                <th scope="row">
                  {i + 1}
                  {playerCase === i + 1 && <span className="verify-tag">player&apos;s case</span>}
                </th>
                <td>
                  <GiftCell id={id} />
                  {wrong && (
                    <span className="verify-should">
                      should be <GiftCell id={should} />
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function GiftsInPlay({ giftIds }: { giftIds: readonly number[] }) {
  return (
    <section aria-labelledby="verify-gifts">
      <h2 id="verify-gifts">Gifts in play</h2>
      <p className="verify-muted">Which case holds which stays secret until the game is over.</p>
      <ul className="verify-gift-list">
        {giftIds.map((id) => (
          <li key={id}>
            <GiftCell id={id} />
          </li>
        ))}
      </ul>
    </section>
  );
}
