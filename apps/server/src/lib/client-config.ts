import type { ClientConfig } from '@store/contracts';
import type { Config } from '../config.js';

/**
 * The settings the web app needs: `GET /api/config` answers them, and every page carries them too,
 * so its first render is already right (the demo banner appears without pushing the page down).
 */
export function clientConfigOf(config: Config): ClientConfig {
  return {
    googleClientId: config.googleClientId ?? null,
    payments: { provider: config.payments.provider, keyId: config.payments.keyId },
    demo: config.demo,
    vitalsSampleRate: config.vitals.sampleRate,
    signInCodesByText: config.sms.offered,
  };
}
