import { messageLength } from './delivery.js';
import { formatInr, type Paise } from './money.js';

/**
 * How a shopper personalises one unit of a product (a cake): a yes/no choice that may cost extra
 * ('Eggless' +₹50), or a line of text with a length limit that may cost extra too ('Message on
 * cake', up to 30 characters, free).
 */
export const OPTION_KINDS = ['choice', 'text'] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

export const MAX_PRODUCT_OPTIONS = 10;
export const OPTION_NAME_MAX = 40;
/** The longest limit an admin may set on a text option: what fits on the largest cake. */
export const OPTION_TEXT_MAX = 100;

/** An option as a product offers it; the price is per unit, in paise. */
export interface ProductOption {
  id: string;
  name: string;
  kind: OptionKind;
  price: Paise;
  /** Text options only: the most characters (grapheme clusters) the text may have; 0 for a choice. */
  maxLength: number;
  /** Text options only: an order of the product must carry the text. */
  required: boolean;
}

/** What a cart line asks for: the option, and for a text option the text. */
export interface OptionRequest {
  id: string;
  value?: string | undefined;
}

/** An option as a line was sold with it: what an order keeps, whatever the product offers later. */
export interface ChosenOption {
  id: string;
  name: string;
  kind: OptionKind;
  /** The text, for a text option; null for a choice. */
  value: string | null;
  price: Paise;
}

/**
 * A refusal of one request: which one (its index in the line's list; null for a required option
 * missing from the list), which option when the product has it, and why.
 */
export interface OptionProblem {
  index: number | null;
  field: 'id' | 'value' | null;
  optionId: string | null;
  message: string;
}

/** Control characters, line breaks included: a cake's message is one line, iced as typed. */
const hasControlCharacter = (v: string) =>
  [...v].some((c) => {
    const code = c.codePointAt(0)!;
    return code < 32 || code === 127;
  });

/** A request with an empty text (once trimmed) asks for nothing: an empty message field is no message. */
const asksForNothing = (r: OptionRequest) => r.value !== undefined && r.value.trim() === '';

/**
 * Checks a line's requests against what the product offers and prices them: the chosen options in
 * the product's order (so a line reads the same however the client listed them), and every problem
 * found. A choice is chosen by naming it, without text; a text option by its text.
 */
export function chooseOptions(
  offered: readonly ProductOption[],
  requests: readonly OptionRequest[],
  productName: string,
): { options: ChosenOption[]; problems: OptionProblem[] } {
  const problems: OptionProblem[] = [];
  const seen = new Set<string>();
  const picked = new Map<string, ChosenOption>();
  requests.forEach((request, index) => {
    if (asksForNothing(request)) return;
    const option = offered.find((o) => o.id === request.id);
    if (!option) {
      problems.push({ index, field: 'id', optionId: null, message: `${productName} has no such option` });
      return;
    }
    if (seen.has(option.id)) {
      problems.push({ index, field: 'id', optionId: option.id, message: `${option.name} is chosen twice` });
      return;
    }
    seen.add(option.id);
    const chosen = { id: option.id, name: option.name, kind: option.kind, price: option.price };
    const refuse = (message: string) => problems.push({ index, field: 'value', optionId: option.id, message });
    if (option.kind === 'choice') {
      if (request.value !== undefined) refuse(`${option.name} takes no text`);
      else picked.set(option.id, { ...chosen, value: null });
      return;
    }
    const text = (request.value ?? '').trim();
    if (text === '') refuse(`Write the text for ${option.name}`);
    else if (hasControlCharacter(text)) refuse(`${option.name} must be one line of plain text`);
    else if (messageLength(text) > option.maxLength)
      refuse(`${option.name} must be at most ${option.maxLength} characters`);
    else picked.set(option.id, { ...chosen, value: text });
  });
  for (const option of offered) {
    if (option.required && !seen.has(option.id)) {
      problems.push({
        index: null,
        field: null,
        optionId: option.id,
        message: `${option.name} is required for ${productName}`,
      });
    }
  }
  return { options: offered.flatMap((o) => picked.get(o.id) ?? []), problems };
}

/** What the options add to one unit's price. */
export function optionsPrice(options: readonly Pick<ChosenOption, 'price'>[]): Paise {
  return options.reduce((sum, o) => sum + o.price, 0);
}

/**
 * The options part of a cart line's identity: the same product, variant and options are one line,
 * other options another. Neither the order they are listed in nor spaces around a text matter, and
 * an empty text is no choice.
 */
export function optionsKey(requests: readonly OptionRequest[]): string {
  return requests
    .filter((r) => !asksForNothing(r))
    .map((r) => (r.value === undefined ? r.id : `${r.id}=${JSON.stringify(r.value.trim())}`))
    .sort()
    .join('|');
}

/** 'Eggless', 'Message on cake: “Happy birthday, Amma”': what to make, as a kitchen reads it. */
export function optionText(option: Pick<ChosenOption, 'name' | 'value'>): string {
  return option.value === null ? option.name : `${option.name}: “${option.value}”`;
}

/** 'Eggless (+₹50)', 'Message on cake: “Happy birthday, Amma”': how a line shows its option. */
export function optionLabel(option: Pick<ChosenOption, 'name' | 'value' | 'price'>): string {
  const text = optionText(option);
  return option.price > 0 ? `${text} (+${formatInr(option.price)})` : text;
}
