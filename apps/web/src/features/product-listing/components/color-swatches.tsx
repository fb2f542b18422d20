import { Check } from 'lucide-react';
import { cn } from '../../../lib/cn.js';

interface Swatch {
  name: string;
  hex: string;
}

interface ColorSwatchesProps {
  palette: Swatch[];
  selected: string[];
  onChange(colors: string[]): void;
}

/** A light swatch needs a dark tick to be seen, and a dark one a light tick. */
function isLight(hex: string): boolean {
  const value = Number.parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 160;
}

/** Round colour buttons, several may be chosen; each is named for screen readers and on hover. */
export function ColorSwatches({ palette, selected, onChange }: ColorSwatchesProps) {
  const toggle = (name: string) =>
    onChange(selected.includes(name) ? selected.filter((c) => c !== name) : [...selected, name]);

  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-neutral-900">Colour</legend>
      <div className="flex flex-wrap gap-2.5">
        {palette.map((swatch) => {
          const pressed = selected.includes(swatch.name);
          return (
            <button
              key={swatch.name}
              type="button"
              aria-pressed={pressed}
              aria-label={swatch.name}
              title={swatch.name}
              onClick={() => toggle(swatch.name)}
              style={{ backgroundColor: swatch.hex }}
              className={cn(
                'flex h-8 w-8 items-center justify-center rounded-full border border-neutral-300 shadow-inner transition-transform hover:scale-110',
                pressed && 'ring-2 ring-brand-600 ring-offset-2',
              )}
            >
              {pressed && (
                <Check
                  className={cn('h-4 w-4', isLight(swatch.hex) ? 'text-neutral-900' : 'text-white')}
                  strokeWidth={3}
                  aria-hidden="true"
                />
              )}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
