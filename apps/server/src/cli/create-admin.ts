import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { registerInputSchema } from '@store/contracts';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { createAdmin, generatePassword } from '../modules/users/create-admin.js';

const USAGE = 'Usage: npm run create-admin -- --email you@example.com [--name "Your Name"]';

/** Asks for a password without echoing it; an empty answer means "generate one". */
async function askPassword(): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  try {
    const ask = async (question: string) => {
      process.stdout.write(question);
      muted = true;
      const answer = await rl.question('');
      muted = false;
      process.stdout.write('\n');
      return answer;
    };
    const password = await ask('Password (leave empty to generate one): ');
    if (!password) return '';
    if ((await ask('Repeat the password: ')) !== password) throw new Error('Passwords do not match');
    return password;
  } finally {
    rl.close();
  }
}

/** A password piped in on standard input (first line), or '' when there is none. */
async function readPipedPassword(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
  if (!values.email) {
    console.error(USAGE);
    return 2;
  }
  const parsed = registerInputSchema
    .pick({ email: true, name: true })
    .safeParse({ email: values.email, name: values.name ?? 'Store Admin' });
  if (!parsed.success) {
    console.error(`${parsed.error.issues[0]!.message}\n${USAGE}`);
    return 2;
  }
  let password = process.stdin.isTTY ? await askPassword() : await readPipedPassword();
  const generated = !password;
  if (generated) password = generatePassword();

  // The way out of demo accounts must not be blocked by the demo settings production refuses.
  const config = loadConfig(process.env, { refuseDemoInProduction: false });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const result = await createAdmin(database.db, { ...parsed.data, password });
    if (result.outcome === 'refused') {
      console.error(result.reason);
      return 1;
    }
    if (result.outcome === 'promoted') {
      console.log(`${parsed.data.email} already had an account; it is now an admin and keeps its password.`);
    } else {
      console.log(`Created admin ${parsed.data.email}.`);
      if (generated) console.log(`Generated password (shown once, store it safely): ${password}`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
