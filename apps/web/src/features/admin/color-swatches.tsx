import { Check } from 'lucide-react';
import { COLOR_PALETTES, type ColorSwatch } from '@store/domain';
import { cn } from '../../lib/cn.js';
import { labelClasses } from './form-controls.js';

/** Whether a colour is light enough that a mark on it should be dark. */
function isLight(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 160;
}

function Palette({
  name,
  swatches,
  value,
  onToggle,
}: {
  name: string;
  swatches: ColorSwatch[];
  value: readonly string[];
  onToggle: (color: string) => void;
}) {
  const id = `palette-${name.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div role="group" aria-labelledby={id} className="flex flex-col gap-1.5">
      <span id={id} className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">
        {name}
      </span>
      <div className="flex flex-wrap gap-1.5">
        {swatches.map((c) => {
          const on = value.includes(c.name);
          return (
            <button
              key={c.name}
              type="button"
              aria-pressed={on}
              onClick={() => onToggle(c.name)}
              className={cn(
                'inline-flex h-8 items-center gap-1.5 rounded-full border py-1 pr-2.5 pl-1 text-xs text-neutral-800',
                on ? 'border-brand-600 bg-brand-50 font-medium' : 'border-neutral-300 bg-white hover:bg-neutral-50',
              )}
            >
              <span
                aria-hidden="true"
                className="grid size-6 place-items-center rounded-full border border-black/15"
                style={{ backgroundColor: c.hex }}
              >
                {on ? (
                  <Check
                    className={cn('size-3.5', isLight(c.hex) ? 'text-neutral-900' : 'text-white')}
                    strokeWidth={3}
                  />
                ) : null}
              </span>
              {c.name}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/**
 * Colour swatches grouped by palette (@store/domain's COLOR_PALETTES). The chosen category's
 * palette comes first and open; the others fold away. A colour is one name, so 'Red' chosen in
 * one palette shows chosen in every palette that has it.
 */
export function ColorSwatches({
  category,
  value,
  onChange,
}: {
  category: string;
  value: string[];
  onChange: (colors: string[]) => void;
}) {
  const toggle = (color: string) =>
    onChange(value.includes(color) ? value.filter((c) => c !== color) : [...value, color]);
  const own = COLOR_PALETTES[category];
  const others = Object.entries(COLOR_PALETTES).filter(([name]) => name !== category);
  return (
    <div className="flex flex-col gap-2">
      <span className={labelClasses}>Color</span>
      <p className="text-xs text-neutral-600" aria-live="polite">
        {value.length ? `Chosen: ${value.join(', ')}` : 'No colour chosen'}
      </p>
      {own ? <Palette name={category} swatches={own} value={value} onToggle={toggle} /> : null}
      <details className="group rounded-md border border-neutral-200 px-3 py-2" open={!own}>
        <summary className="cursor-pointer text-sm font-medium text-neutral-800">
          {own ? 'Other palettes' : 'Palettes'}
        </summary>
        <div className="mt-3 flex flex-col gap-3">
          {others.map(([name, swatches]) => (
            <Palette key={name} name={name} swatches={swatches} value={value} onToggle={toggle} />
          ))}
        </div>
      </details>
    </div>
  );
}
