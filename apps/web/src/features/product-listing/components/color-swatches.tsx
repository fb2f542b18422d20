import { SwatchToggle, toggleColor, type Swatch } from '../../../components/ui/color-swatch.js';

interface ColorSwatchesProps {
  palette: Swatch[];
  selected: string[];
  onChange(colors: string[]): void;
}

/** Round colour buttons, several may be chosen; each is named for screen readers and on hover. */
export function ColorSwatches({ palette, selected, onChange }: ColorSwatchesProps) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-neutral-900">Colour</legend>
      <div className="flex flex-wrap gap-2.5">
        {palette.map((swatch) => (
          <SwatchToggle
            key={swatch.name}
            swatch={swatch}
            pressed={selected.includes(swatch.name)}
            onToggle={(name) => onChange(toggleColor(selected, name))}
            look="round"
          />
        ))}
      </div>
    </fieldset>
  );
}
