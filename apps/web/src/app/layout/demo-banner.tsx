import { FlaskConical } from 'lucide-react';
import { useClientConfig } from '../../api/users.js';

/**
 * Says on every page that this is a demo store (`demo` in `GET /api/config`), so nobody mistakes
 * simulated payments or demo accounts for a real shop. A status region: announced once when it
 * appears, and a region of its own for tools that want all content inside one.
 */
export function DemoBanner() {
  const { data } = useClientConfig();
  if (!data?.demo) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 border-b border-amber-300 bg-amber-100 px-4 py-1.5 text-center text-xs font-semibold text-amber-950"
    >
      <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
      <span>
        {data.payments.provider === 'simulated' ? 'Demo store: payments are simulated' : 'Demo store: for testing only'}
      </span>
    </div>
  );
}
