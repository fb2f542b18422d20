export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The most used passwords in public breach lists that meet the length rule. OWASP and NIST advise
 * refusing known-common passwords instead of imposing composition rules.
 */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '12345678910',
  '87654321',
  '11111111',
  '00000000',
  '88888888',
  '123123123',
  '1q2w3e4r',
  '1qaz2wsx',
  'qwertyuiop',
  'qwerty123',
  'qwerty12',
  'qwertyui',
  'asdfghjkl',
  'zxcvbnm1',
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'iloveyou',
  'iloveyou1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'starwars',
  'whatever',
  'trustno1',
  'letmein1',
  'welcome1',
  'welcome123',
  'admin123',
  'administrator',
  'changeme',
  'computer',
  'internet',
  'michelle',
  'jennifer',
  'jordan23',
  'liverpool',
  'chocolate',
  'butterfly',
  'abcd1234',
  'abc12345',
  'aa123456',
  'india123',
  'indian123',
  'krishna123',
  'sairam123',
  'qazwsxedc',
  'google123',
]);

/** Why a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    return 'This password is too common and easy to guess; please choose another';
  }
  return null;
}
