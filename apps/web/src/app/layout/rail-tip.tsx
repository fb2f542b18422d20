import type { ReactElement } from 'react';
import { Tooltip } from 'radix-ui';

/** The label of an icon in the collapsed sidebar, after the spec's 700 ms tooltip delay. */
export function RailTip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip.Provider delayDuration={700}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="right"
            sideOffset={8}
            className="z-50 rounded-md bg-neutral-900 px-2 py-1 text-xs font-medium text-white shadow"
          >
            {label}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
