import { SIGN_IN_CODE_VALID_MINUTES } from '@store/domain';

/** What a text template makes of a message's payload: the registered text filled in, and its values. */
export interface RenderedText {
  body: string;
  vars: Record<string, string>;
}
export type TextRenderer = (kind: string, payload: Record<string, unknown>) => RenderedText;

/**
 * The store's text messages, each worded as its DLT template must be registered: a template's
 * fixed words cannot change without registering it again, so only the values vary.
 */
const TEXTS: Record<string, (payload: Record<string, unknown>) => RenderedText> = {
  sign_in_code: (p) => {
    const code = String(p.code);
    return {
      body: `${code} is your Phoolwala Gifts sign-in code. It works for ${SIGN_IN_CODE_VALID_MINUTES} minutes. Do not share it with anyone.`,
      vars: { otp: code },
    };
  },
};

export const textRenderer: TextRenderer = (kind, payload) => {
  const template = TEXTS[kind];
  if (!template) throw new Error(`No text template for '${kind}'`);
  return template(payload);
};
