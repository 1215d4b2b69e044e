import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactElement } from 'react';

/** A small tooltip (Radix, under the app's provider: 700 ms delay, 300 ms skip delay). */
export function Hint({ text, children }: { text: string; children: ReactElement }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className="hint" sideOffset={6}>
          {text}
          <Tooltip.Arrow className="hint-arrow" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
