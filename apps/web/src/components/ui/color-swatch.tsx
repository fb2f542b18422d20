import { Check } from 'lucide-react';
import { cn } from '../../lib/cn.js';

export interface Swatch {
  name: string;
  hex: string;
}

/** Whether a colour is light enough that a mark on it must be dark to be seen (perceived brightness). */
export function isLight(hex: string): boolean {
  const value = Number.parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 160;
}

interface SwatchToggleProps {
  swatch: Swatch;
  pressed: boolean;
  onToggle: (name: string) => void;
  /**
   * `round`: a colour dot named for screen readers and on hover (the shop's filters);
   * `labelled`: a pill with the dot and the colour's name beside it (the admin form).
   */
  look: 'round' | 'labelled';
}

/** One colour that can be switched on and off, ticked when on, in either of the store's two looks. */
export function SwatchToggle({ swatch, pressed, onToggle, look }: SwatchToggleProps) {
  const tick = (size: string) =>
    pressed ? (
      <Check
        className={cn(size, isLight(swatch.hex) ? 'text-neutral-900' : 'text-white')}
        strokeWidth={3}
        aria-hidden="true"
      />
    ) : null;

  if (look === 'round') {
    return (
      <button
        type="button"
        aria-pressed={pressed}
        aria-label={swatch.name}
        title={swatch.name}
        onClick={() => onToggle(swatch.name)}
        style={{ backgroundColor: swatch.hex }}
        className={cn(
          'flex h-8 w-8 items-center justify-center rounded-full border border-neutral-300 shadow-inner transition-transform hover:scale-110',
          pressed && 'ring-2 ring-brand-600 ring-offset-2',
        )}
      >
        {tick('h-4 w-4')}
      </button>
    );
  }
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onToggle(swatch.name)}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-full border py-1 pr-2.5 pl-1 text-xs text-neutral-800',
        pressed ? 'border-brand-600 bg-brand-50 font-medium' : 'border-neutral-300 bg-white hover:bg-neutral-50',
      )}
    >
      <span
        aria-hidden="true"
        className="grid size-6 place-items-center rounded-full border border-black/15"
        style={{ backgroundColor: swatch.hex }}
      >
        {tick('size-3.5')}
      </span>
      {swatch.name}
    </button>
  );
}

/** Toggles one colour in a list of chosen colour names. */
export const toggleColor = (chosen: readonly string[], name: string): string[] =>
  chosen.includes(name) ? chosen.filter((c) => c !== name) : [...chosen, name];
