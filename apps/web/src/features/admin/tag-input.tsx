import { useId, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { Input } from '../../components/ui/input.js';
import { labelClasses } from './form-controls.js';
import { addTags } from './product-form.js';

export interface TagInputProps {
  tags: string[];
  onTagsChange: (tags: string[]) => void;
  /** What is typed and not yet a tag; the form adds it on submit as well. */
  text: string;
  onTextChange: (text: string) => void;
}

/**
 * Tags: Enter or a comma adds what is typed (trimmed; empty and duplicate tags are ignored);
 * clicking a tag removes it.
 */
export function TagInput({ tags, onTagsChange, text, onTextChange }: TagInputProps) {
  const id = useId();

  function change(value: string) {
    if (!value.includes(',')) return onTextChange(value);
    // Everything before the last comma becomes tags (several, when a list is pasted).
    const parts = value.split(',');
    const rest = parts.pop() ?? '';
    onTagsChange(addTags(tags, parts));
    onTextChange(rest.trimStart());
  }

  function keyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return;
    e.preventDefault(); // Enter adds a tag; it does not send the form.
    onTagsChange(addTags(tags, [text]));
    onTextChange('');
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClasses}>
        Tags
      </label>
      <Input
        id={id}
        value={text}
        onChange={(e) => change(e.target.value)}
        onKeyDown={keyDown}
        autoComplete="off"
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-xs text-neutral-600">
        Press Enter or type a comma to add a tag; click a tag to remove it.
      </p>
      {tags.length > 0 ? (
        <ul aria-label="Tags added" className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onTagsChange(tags.filter((t) => t !== tag))}
                className="inline-flex items-center gap-1 rounded-full bg-neutral-100 py-1 pr-2 pl-3 text-sm text-neutral-800 hover:bg-red-50 hover:text-red-800"
              >
                {tag}
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
