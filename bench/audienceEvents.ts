// The events of the audience's memory run (bench/audience.ts, part 5b), fed in-process by bench/server.ts: a
// module of their own, so that the server's process and the run's script do not import each other.
import type { AudienceEvent } from '@dond/shared';

/**
 * The i-th event of the memory run: viewers `mem<i>`, 100,000 distinct over the run. Of each ten: five votes
 * (`deal` / `no deal`) from new viewers, one viewer of five events back changing their vote, a gift (a streak of
 * 1 to 5 roses), likes, a chat line that is no vote, and a repeat of the message id of the vote nine events back
 * (dropped as a duplicate).
 */
export function memoryEvent(i: number): AudienceEvent {
  const viewer = (n: number) => ({
    msgId: `mem-${n}`,
    viewerId: `mem${n}`,
    uniqueId: `mem_viewer_${n}`,
    nickname: `Viewer ${n}`,
  });
  const comment = (n: number) => (n % 2 === 0 ? 'deal' : 'no deal');
  const slot = i % 10;
  if (slot < 5) return { type: 'chat', ...viewer(i), comment: comment(i) };
  if (slot === 5) return { type: 'chat', ...viewer(i - 5), msgId: `mem-${i}`, comment: comment(i - 4) };
  if (slot === 6)
    return {
      type: 'gift',
      ...viewer(i),
      giftId: 5655,
      giftName: 'Rose',
      diamondCount: 1,
      repeatCount: 1 + (i % 5),
    };
  if (slot === 7) return { type: 'like', ...viewer(i), likeCount: 15 };
  if (slot === 8) return { type: 'chat', ...viewer(i), comment: 'hello from the chat' };
  return { type: 'chat', ...viewer(i - 9), comment: comment(i - 9) };
}
