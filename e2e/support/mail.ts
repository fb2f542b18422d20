import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface WrittenEmail {
  file: string;
  raw: string;
  /** The plain-text part, decoded. */
  text: string;
}

/** Undoes a transfer encoding nodemailer may pick for a part: quoted-printable, base64 or none. */
function decode(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The plain-text part of a raw message as a mail client would show it. */
export function plainTextOf(raw: string): string {
  const part =
    /(?:^|\n)Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*?Content-Transfer-Encoding: ([\w-]+)\n(?:[^\n]+\n)*\n([\s\S]*?)(?:\n--|$)/i.exec(
      raw,
    );
  if (!part) throw new Error('the message has no plain-text part');
  return decode(part[2]!, part[1]!.toLowerCase());
}

/**
 * A header as a mail client shows it: its folded lines joined, and RFC 2047 encoded words (how a
 * subject with '₹' travels: '=?UTF-8?Q?Refund_issued=3A_=E2=82=B9549?=') decoded.
 */
function headerOf(headers: string, name: string): string | undefined {
  const folded = new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(headers)?.[1];
  return folded
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?[\w-]+\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decode(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

/**
 * Waits for the message to `to` with `subject` that a store without SMTP_URL writes as an .eml file
 * under DATA_DIR/mail (its outbox sends every couple of seconds), and returns it.
 */
export async function waitForEmail(dataDir: string, to: string, subject: string | RegExp, timeoutMs = 30_000) {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const name of files.filter((f) => f.endsWith('.eml'))) {
      const file = path.join(dir, name);
      const raw = await readFile(file, 'utf8');
      const headers = raw.slice(0, raw.indexOf('\n\n'));
      const said = headerOf(headers, 'Subject');
      const about = typeof subject === 'string' ? said === subject : subject.test(said ?? '');
      if (headers.includes(`\nTo: ${to}\n`) && about) {
        return { file, raw, text: plainTextOf(raw) } satisfies WrittenEmail;
      }
    }
    if (Date.now() > deadline) throw new Error(`no email to ${to} about '${subject}' in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
