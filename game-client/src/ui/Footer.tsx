export const FAN_MADE_NOTICE =
  'A fan-made game. Not associated with or endorsed by the original franchise or TikTok.';

export function Footer() {
  return (
    <footer className="app-footer">
      <p>{FAN_MADE_NOTICE}</p>
      <p className="app-credits">
        Gift pictures built from <a href="https://github.com/jdecked/twemoji">Twemoji</a> (CC BY 4.0). Music
        and sounds made for this game.
      </p>
    </footer>
  );
}
