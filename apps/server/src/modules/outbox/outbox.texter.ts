import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A text message ready to go. India's DLT rules let a sender text only templates registered with
 * the operators: `body` is the registered text filled in, `vars` the values a provider fills into
 * its stored copy of the template.
 */
export interface Text {
  id: string;
  kind: string;
  /** +91 and ten digits. */
  to: string;
  body: string;
  vars: Record<string, string>;
}

export interface TextTransport {
  /** Resolves once the provider accepted the message (or it was written); rejects otherwise. */
  send(text: Text): Promise<void>;
}

/**
 * Without a provider (the offline demo): each text is written as a `.txt` file under the folder,
 * as email is written as `.eml`, so a code sent by text can be read without a phone.
 */
export function fileTexts(dir: string, written: (file: string) => void): TextTransport {
  return {
    async send(text) {
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${text.id.slice(0, 8)}.txt`);
      await writeFile(file, `To: ${text.to}\nKind: ${text.kind}\n\n${text.body}\n`);
      written(file);
    },
  };
}

export interface Msg91Options {
  authKey: string;
  /** MSG91's flow endpoint: https://control.msg91.com/api/v5/flow. */
  apiUrl: string;
  /** Each message kind's flow template id, the one mapped to its DLT-approved template. */
  templates: Record<string, string>;
  timeoutMs?: number;
}

/**
 * MSG91's flow API, an Indian SMS gateway's: one POST per message with the template's id and the
 * recipient's number and values. Anything but its `type: 'success'` is a failure the outbox retries.
 */
export function msg91Texts({ authKey, apiUrl, templates, timeoutMs = 10_000 }: Msg91Options): TextTransport {
  return {
    async send(text) {
      const templateId = templates[text.kind];
      if (!templateId) throw new Error(`SMS_URL names no MSG91 template for '${text.kind}'`);
      const res = await fetch(apiUrl, {
        method: 'POST',
        headers: { authkey: authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          template_id: templateId,
          short_url: '0',
          recipients: [{ mobiles: text.to.replace(/^\+/, ''), ...text.vars }],
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const answer = (await res.json().catch(() => null)) as { type?: unknown; message?: unknown } | null;
      if (!res.ok || answer?.type !== 'success') {
        throw new Error(`MSG91 answered ${res.status}: ${String(answer?.message ?? 'no message')}`);
      }
    },
  };
}
