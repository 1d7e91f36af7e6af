// The boundary rule on real paths of this repository, including the relative paths a glob would miss.
import { join } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import layers from './layer-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const root = join(import.meta.dirname, '..');
const at = (path: string) => join(root, path);
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const refused = (filename: string, code: string) => ({ filename: at(filename), code, errors: 1 });
const allowed = (filename: string, code: string) => ({ filename: at(filename), code });

tester.run('layer-boundaries', layers.rules['layer-boundaries'], {
  valid: [
    allowed(
      'src/features/certificates/CertificatesPage.stories.tsx',
      "import { visible } from '#storybook/story-helpers.tsx'; import { handlers } from '#mocks/handlers/index.ts';",
    ),
    allowed('src/contract/users.ts', "import { z } from 'zod'; import { roleSchema } from './roles';"),
    allowed(
      'src/ui/Button/Button.tsx',
      "import { vars } from '../theme.css'; import { Button } from 'react-aria-components';",
    ),
    allowed(
      'src/features/users/UsersPage.tsx',
      "import { Button } from '../../ui'; import { useApi } from '../../lib/session'; import { x } from './api/keys';",
    ),
    allowed(
      'src/lib/session/SessionProvider.tsx',
      "import { createApiClient } from '../api/api-client'; import { MESSAGES } from '../../contract/errors';",
    ),
    allowed(
      'src/features/users/api/get-users.ts',
      "import { USERS_ERRORS } from '../../../contract/ui-texts';",
    ),
    allowed('src/app/layout/AppRoot.tsx', "import { DashboardPage } from '../../features/dashboard';"),
    allowed(
      'src/server/routes/users.ts',
      "import { z } from 'zod'; import { MESSAGES } from '../../contract/errors'; import { x } from '../services/users-service';",
    ),
    allowed(
      'mocks/handlers/users.ts',
      "import { http } from 'msw'; import type { User } from '../../src/contract/users';",
    ),
  ],
  invalid: [
    refused('src/contract/users.ts', "import { x } from '../server/db/schema';"),
    refused('src/contract/users.ts', "import React from 'react';"),
    // An alias of package.json "imports" is judged on the file it names, as a relative path is (not as a package).
    {
      filename: at('src/contract/users.ts'),
      code: "import { handlers } from '#mocks/handlers/index.ts';",
      errors: [
        { message: "src/contract imports nothing but zod (and its own files). ('#mocks/handlers/index.ts')" },
      ],
    },
    refused('src/ui/Button/Button.tsx', "import { useApi } from '../../lib/session';"),
    // Folders depend one way: nothing below src/app imports it.
    refused('src/features/users/UsersPage.tsx', "import { AppLayout } from '../../app/layout/AppLayout';"),
    refused('src/lib/session/session.ts', "import { routes } from '../../app/routes';"),
    refused('src/lib/api/api-client.ts', "import { x } from '../../features/users';"),
    refused('src/ui/Button/Button.tsx', "import { x } from '../../features/users';"),
    // What a glob on the import text let through:
    refused('src/features/auth/SignInPage.tsx', "import { DashboardPage } from '../dashboard';"),
    refused('src/features/auth/api/login.ts', "export { x } from '../../users/api/keys';"),
    refused('src/server/app.ts', "import { x } from '../ui';"),
    refused('src/server/app.ts', "import { x } from '../app';"),
    refused('src/server/routes/users.ts', "import { x } from '../../features';"),
    refused('src/server/app.ts', "import { useState } from 'react';"),
    refused('src/app/main.tsx', "import { buildApp } from '../server/app';"),
    refused('mocks/handlers/users.ts', "import { users } from '../../src/server/db/schema';"),
    refused('src/features/users/UsersPage.tsx', "const page = import('../clients/ClientsPage');"),
  ],
});
