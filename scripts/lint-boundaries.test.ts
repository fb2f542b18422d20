import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Feeds the project's own lint configuration a probe file of each forbidden kind (and of each
// allowed kind beside it), so a boundary rule that stops matching fails here rather than letting
// an import through unseen.
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport { probe };\n`, { filePath });
  return result!.messages
    .filter((message) => message.ruleId?.endsWith('no-restricted-imports'))
    .map((message) => message.message);
}

const forbidden: [where: string, file: string, source: string, says: string][] = [
  ['a package', 'packages/domain/src/probe.ts', "import { probe } from '@store/server';", 'packages import nothing'],
  [
    'a package',
    'packages/domain/src/probe.ts',
    "import { probe } from '../../../apps/server/src/app.js';",
    'packages import nothing',
  ],
  [
    'server infrastructure',
    'apps/server/src/lib/probe.ts',
    "import { probe } from '../modules/orders/orders.service.js';",
    'import no module',
  ],
  [
    'server infrastructure',
    'apps/server/src/plugins/deep/probe.ts',
    "import { probe } from '../../modules/orders/orders.service.js';",
    'import no module',
  ],
  [
    'a server module',
    'apps/server/src/modules/coupons/probe.ts',
    "import { probe } from '../orders/orders.repository.js';",
    'only through its service',
  ],
  [
    'a server module',
    'apps/server/src/modules/coupons/probe.ts',
    "import { probe } from '../../modules/orders/orders.repository.js';",
    'only through its service',
  ],
  [
    'a server module',
    'apps/server/src/modules/coupons/nested/probe.ts',
    "import { probe } from '../../orders/orders.repository.js';",
    'only through its service',
  ],
  [
    'a server module',
    'apps/server/src/modules/coupons/probe.ts',
    "export { probe as other } from './../orders/orders.mapper.js'; const probe = 1;",
    'only through its service',
  ],
  [
    "a module's table",
    'apps/server/src/modules/coupons/probe.table.ts',
    "import { probe } from '../orders/orders.service.js';",
    'only through its service',
  ],
  [
    'a web feature',
    'apps/web/src/features/cart/probe.ts',
    "import { probe } from '../checkout/place-order-page.js';",
    'never imports another',
  ],
  [
    'a web feature',
    'apps/web/src/features/cart/deep/probe.ts',
    "import { probe } from '../../../features/checkout/place-order-page.js';",
    'never imports another',
  ],
  [
    'shared web code',
    'apps/web/src/components/probe.ts',
    "import { probe } from '../features/cart/cart-page.js';",
    'never depends on a feature',
  ],
];

const allowed: [where: string, file: string, source: string][] = [
  [
    'a server module',
    'apps/server/src/modules/coupons/probe.ts',
    "import { probe } from '../orders/orders.service.js';",
  ],
  [
    'a server module',
    'apps/server/src/modules/coupons/probe.ts',
    "import type { probe } from '../../modules/orders/orders.repository.js';",
  ],
  [
    "a module's table",
    'apps/server/src/modules/coupons/probe.table.ts',
    "import { probe } from '../orders/orders.table.js';",
  ],
  ['a web feature', 'apps/web/src/features/cart/probe.ts', "import { probe } from '../../components/button.js';"],
  ['a module', 'apps/server/src/modules/coupons/probe.ts', "import { probe } from '../../lib/errors.js';"],
];

describe('lint boundaries', () => {
  it.each(forbidden)('refuses in %s (%s): %s', async (_where, file, source, says) => {
    const errors = await boundaryErrors(file, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(says);
  });

  it.each(allowed)('lets through in %s (%s): %s', async (_where, file, source) => {
    expect(await boundaryErrors(file, source)).toEqual([]);
  });
});

describe('server tests', () => {
  const replacements = async (filePath: string, source: string) => {
    const [result] = await eslint.lintText(`import { vi } from 'vitest';\n${source}\n`, { filePath });
    return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };

  it.each(["vi.mock('./users.passwords.js');", "vi.doMock('./users.passwords.js', () => ({}));"])(
    'refuses a replaced module in a server test: %s',
    async (source) => {
      const errors = await replacements('apps/server/src/modules/users/probe.test.ts', source);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('Server tests share modules');
    },
  );

  it('lets a web test replace a module', async () => {
    expect(await replacements('apps/web/src/features/cart/probe.test.ts', "vi.mock('./cart-store.js');")).toEqual([]);
  });
});
