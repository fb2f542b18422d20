import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { UserResponse } from '@store/contracts';
import { loginWithGoogle, useClientConfig } from '../../api/users.js';
import { errorMessage } from '../../lib/api.js';
import { cancelGoogleOneTap, loadGoogleIdentity, type GoogleCredentialResponse } from './google-identity.js';

/** Google's button is at most 400 px wide. */
const MAX_BUTTON_WIDTH = 400;

/**
 * 'Sign in with Google' and One Tap, when the server has a Google client id (`GET /api/config`);
 * nothing at all otherwise, or when Google's script cannot be loaded.
 */
export function GoogleSignIn({ onSignedIn }: { onSignedIn: (user: UserResponse) => void }) {
  const { data } = useClientConfig();
  const clientId = data?.googleClientId || null;
  const [failed, setFailed] = useState(false);
  const buttonRef = useRef<HTMLDivElement>(null);
  const onSignedInRef = useRef(onSignedIn);
  useEffect(() => {
    onSignedInRef.current = onSignedIn;
  });

  useEffect(() => {
    if (!clientId) return undefined;
    let active = true;
    async function onCredential(response: GoogleCredentialResponse) {
      try {
        const user = await loginWithGoogle(response.credential);
        if (active) onSignedInRef.current(user);
      } catch (err) {
        console.error('Login Failed', err);
        toast.error(errorMessage(err));
      }
    }
    loadGoogleIdentity().then(
      (id) => {
        const parent = buttonRef.current;
        if (!active || !parent) return;
        id.initialize({ client_id: clientId, callback: (r) => void onCredential(r), context: 'signin' });
        id.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'rectangular',
          logo_alignment: 'center',
          width: Math.min(MAX_BUTTON_WIDTH, parent.clientWidth || MAX_BUTTON_WIDTH),
        });
        id.prompt();
      },
      (err: unknown) => {
        console.error('Google sign-in is not available', err);
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
      // Leaving the page closes One Tap.
      cancelGoogleOneTap();
    };
  }, [clientId]);

  if (!clientId || failed) return null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3 text-xs font-medium tracking-wider text-neutral-600 uppercase">
        <span className="h-px flex-1 bg-neutral-200" aria-hidden="true" />
        or
        <span className="h-px flex-1 bg-neutral-200" aria-hidden="true" />
      </div>
      {/* Google draws its button in here; the height is kept so nothing jumps when it arrives. */}
      <div ref={buttonRef} data-testid="google-sign-in" className="flex min-h-11 justify-center" />
    </div>
  );
}
