import { GAME_TEXT } from '@dond/shared';
import './ShowTitle.css';

/**
 * The show's marquee on the sign-in cards: the title in lights and the edition underneath. It is the login
 * card's heading; other screens show it as a plain line so their own heading names the screen.
 */
export function ShowTitle({ titleId, heading = true }: { titleId?: string; heading?: boolean }) {
  const Title = heading ? 'h1' : 'p';
  return (
    <div className="show-title">
      <div className="show-title-lights" aria-hidden="true" />
      <Title id={titleId} className="show-title-name">
        DEALS OR NO DEALS
      </Title>
      <p className="show-title-edition">{GAME_TEXT.subtitle}</p>
    </div>
  );
}
