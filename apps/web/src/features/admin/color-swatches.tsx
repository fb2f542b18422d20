import { COLOR_PALETTES, type ColorSwatch } from '@store/domain';
import { SwatchToggle, toggleColor } from '../../components/ui/color-swatch.js';
import { labelClasses } from './form-controls.js';

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
        {swatches.map((c) => (
          <SwatchToggle key={c.name} swatch={c} pressed={value.includes(c.name)} onToggle={onToggle} look="labelled" />
        ))}
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
  const toggle = (color: string) => onChange(toggleColor(value, color));
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
