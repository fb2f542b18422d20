import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { AppError } from '../../lib/app-error.js';

/** What a verified Google ID token tells the store about its holder. */
export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** Errors that mean "could not get Google's keys", not "this token is bad". */
const isKeySetUnreachable = (err: unknown) =>
  err instanceof errors.JWKSTimeout ||
  (err instanceof errors.JOSEError && err.code === 'ERR_JOSE_GENERIC') ||
  !(err instanceof errors.JOSEError);

/**
 * Checks a Google Identity Services credential the way Google documents: signature against the
 * published key set (cached, refetched when a new key id appears), audience = our client id,
 * issuer, expiry. The key-set URL is configuration so tests can serve their own keys locally.
 */
export class GoogleVerifier {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    private readonly clientId: string,
    jwksUrl: string,
  ) {
    this.keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5_000 });
  }

  async verify(credential: string): Promise<GoogleIdentity> {
    let payload;
    try {
      ({ payload } = await jwtVerify(credential, this.keys, {
        issuer: GOOGLE_ISSUERS,
        audience: this.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (err) {
      if (err instanceof errors.JWTExpired) {
        throw new AppError('UNAUTHORIZED', 'Your Google sign-in has expired. Please try again.');
      }
      if (isKeySetUnreachable(err)) {
        throw new AppError('UNAVAILABLE', 'Google sign-in is unavailable right now. Please sign in with your email.');
      }
      throw new AppError('UNAUTHORIZED', 'Google sign-in failed: the credential is not valid');
    }
    const email = typeof payload.email === 'string' ? payload.email.trim() : '';
    if (!email) throw new AppError('UNAUTHORIZED', 'Google did not share an email address for this account');
    const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : email.split('@')[0]!;
    return {
      subject: payload.sub!,
      email,
      emailVerified: payload.email_verified === true,
      name: name.slice(0, 100),
    };
  }
}
