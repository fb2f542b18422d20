/**
 * The few parts of Google Identity Services (https://accounts.google.com/gsi/client) the store
 * uses, typed here instead of pulling in a types package.
 */
export interface GoogleCredentialResponse {
  /** The ID token (a JWT) the server verifies. */
  credential: string;
  select_by?: string;
}

export interface GoogleIdConfiguration {
  client_id: string;
  callback: (response: GoogleCredentialResponse) => void;
  auto_select?: boolean;
  cancel_on_tap_outside?: boolean;
  context?: 'signin' | 'signup' | 'use';
  use_fedcm_for_prompt?: boolean;
}

export interface GoogleButtonConfiguration {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment?: 'left' | 'center';
  /** Pixels, at most 400. */
  width?: number;
  locale?: string;
}

export interface GoogleAccountsId {
  initialize(config: GoogleIdConfiguration): void;
  renderButton(parent: HTMLElement, options: GoogleButtonConfiguration): void;
  /** One Tap. */
  prompt(): void;
  cancel(): void;
}

export const GOOGLE_CLIENT_SCRIPT = 'https://accounts.google.com/gsi/client';

function accountsId(): GoogleAccountsId | undefined {
  return (window as unknown as { google?: { accounts?: { id?: GoogleAccountsId } } }).google?.accounts?.id;
}

/** Closes One Tap if Google's script is on the page. */
export function cancelGoogleOneTap(): void {
  accountsId()?.cancel();
}

let loading: Promise<GoogleAccountsId> | undefined;

/** Adds Google's script to the page the first time it is wanted (the sign-in page), once. */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = accountsId();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_CLIENT_SCRIPT;
    script.async = true;
    script.onload = () => {
      const id = accountsId();
      if (id) resolve(id);
      else reject(new Error('Google Identity Services did not start'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`Could not load ${GOOGLE_CLIENT_SCRIPT}`));
    };
    document.head.append(script);
  }).catch((err: unknown) => {
    // The next visit to the page may try again.
    loading = undefined;
    throw err;
  });
  return loading;
}
