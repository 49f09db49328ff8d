import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The module boundaries of docs/architecture.md are lint rules (eslint.config.js). These fixtures
// are linted as if they lived at the given paths: each forbidden import must be reported, and the
// allowed ones must not.
const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('module boundaries', () => {
  it.each([
    [
      'a route that imports a repository',
      'server/modules/wallet/example.routes.ts',
      "import { findUserById } from '../accounts/accounts.repo.js';\nimport { listDeposits } from './deposits.repo.js';\nexport default [findUserById, listDeposits];",
    ],
    ['a route that uses the database', 'server/modules/wallet/example.routes.ts', "import { users } from '../../db/schema/index.js';\nexport default users;"],
    [
      'a plugin that imports the database',
      'server/plugins/example.ts',
      "import { users } from '../db/schema/index.js';\nimport { eq } from 'drizzle-orm';\nexport default [users, eq];",
    ],
    [
      'a plugin that reaches inside a module',
      'server/plugins/example.ts',
      "import { login } from '../modules/accounts/session.service.js';\nexport default login;",
    ],
    [
      'a service that imports the HTTP layer',
      'server/modules/wallet/example.service.ts',
      "import { requireUser } from '../../plugins/auth.js';\nexport default requireUser;",
    ],
    ['a service that writes SQL', 'server/modules/wallet/example.service.ts', "import { sql } from 'drizzle-orm';\nexport default sql;"],
    [
      'a module that reaches inside another',
      'server/modules/wallet/example.service.ts',
      "import { transfer } from '../ledger/ledger.service.js';\nexport default transfer;",
    ],
    [
      'a module that registers another module’s routes',
      'server/modules/accounts/example.routes.ts',
      "import { outboxRoutes } from '../messaging/outbox.routes.js';\nexport default outboxRoutes;",
    ],
    [
      'a module face that exports its routes (the sign-in plugin would import them back)',
      'server/modules/wallet/index.ts',
      "export { walletRoutes } from './wallet.routes.js';",
    ],
    ['a service that imports a view', 'server/modules/chicken/example.service.ts', "import { roundView } from './chicken.view.js';\nexport default roundView;"],
    ['a rule file that imports a view', 'server/modules/chicken/example.rules.ts', "import { roundView } from './chicken.view.js';\nexport default roundView;"],
    ['an engine that imports a view', 'server/modules/color/example.engine.ts', "import { stateView } from './color.view.js';\nexport default stateView;"],
    ['a web feature that imports another', 'web/src/features/home/Example.tsx', "import { signIn } from '../auth/auth.api';\nexport default signIn;"],
    [
      'a nested web feature file that imports another feature',
      'web/src/features/chicken/components/Example.tsx',
      "import { useBalance } from '../../wallet/wallet.api';\nexport default useBalance;",
    ],
    [
      'a shared web component that imports a feature',
      'web/src/components/ui/Example.tsx',
      "import { signIn } from '../../features/auth/auth.api';\nexport default signIn;",
    ],
  ])('reports %s', async (_what, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).not.toEqual([]);
  });

  it.each([
    [
      'a route that calls its service',
      'server/modules/wallet/example.routes.ts',
      "import { requireUser } from '../../plugins/auth.js';\nimport { listDeposits } from './deposits.service.js';\nexport default [requireUser, listDeposits];",
    ],
    [
      'a service that uses its repository and another module’s index',
      'server/modules/wallet/example.service.ts',
      "import type { Db } from '../../db/client.js';\nimport { transfer } from '../ledger/index.js';\nimport * as repo from './deposits.repo.js';\nexport default [transfer, repo] as unknown as Db;",
    ],
    [
      'a route that shapes its answer with its view, and a view that reads its rules',
      'server/modules/chicken/example.routes.ts',
      "import { roundView } from './chicken.view.js';\nexport default roundView;",
    ],
    ['a view that reads its rules', 'server/modules/chicken/example.view.ts', "import { ladderOf } from './chicken.rules.js';\nexport default ladderOf;"],
    [
      'a repository that uses the database',
      'server/modules/wallet/example.repo.ts',
      "import { eq } from 'drizzle-orm';\nimport { deposits } from '../../db/schema/index.js';\nexport default [eq, deposits];",
    ],
    [
      'a plugin that uses a module’s index',
      'server/plugins/example.ts',
      "import { sessionCaller } from '../modules/accounts/index.js';\nexport default sessionCaller;",
    ],
    [
      'a web feature that uses its own files and shared pieces',
      'web/src/features/chicken/components/Example.tsx',
      "import { Button } from '../../../components/ui/Button';\nimport { api } from '../../../lib/api';\nimport { useChickenGame } from '../useChickenGame';\nexport default [Button, api, useChickenGame];",
    ],
  ])('allows %s', async (_what, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([]);
  });
});

describe('import cycles', () => {
  // `npm run lint` ends with `lint:cycles` (dpdm over every source file): it must fail on a cycle.
  // Type-only imports are left out, as they vanish from the code that runs.
  const cycles = (glob: string) =>
    spawnSync(process.execPath, ['node_modules/dpdm/lib/bin/dpdm.js', '--no-tree', '--no-warning', '--no-progress', '-T', '--exit-code', 'circular:1', glob], {
      encoding: 'utf8',
    });

  it('fails on two files that import each other, and passes when one imports the other only as a type', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycle-fixture-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b();\n");
      writeFileSync(join(dir, 'b.ts'), "import { a } from './a.js';\nexport const b = () => a;\n");
      const found = cycles(`${dir}/*.ts`);
      expect(found.status).toBe(1);
      expect(found.stdout).toMatch(/Circular Dependencies\n {2}1\) \S*[ab]\.ts -> \S*[ab]\.ts/);
      writeFileSync(join(dir, 'b.ts'), "import type { a } from './a.js';\nexport const b = (f?: typeof a) => f;\n");
      expect(cycles(`${dir}/*.ts`).status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('one shape for every route', () => {
  const shapeErrors = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath }))[0]!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);

  it.each([
    ['an envelope written by hand', "export const answer = (data: unknown) => ({ success: true as const, message: 'Done.', data });", 'the route kit'],
    [
      'start-up work in a route plugin',
      "export async function r(app: { addHook(n: string, f: () => void): void }) {\n  app.addHook('onReady', () => {});\n}",
      'startupTasks',
    ],
  ])('reports %s in a route file', async (_what, code, expected) => {
    expect(await shapeErrors('server/modules/wallet/example.routes.ts', code)).toEqual([expect.stringContaining(expected)]);
  });

  it('lets a route return its data, and a service build any object', async () => {
    expect(await shapeErrors('server/modules/wallet/example.routes.ts', 'export const handler = async () => ({ id: 1 });')).toEqual([]);
    expect(await shapeErrors('server/modules/wallet/example.service.ts', 'export const result = { success: true };')).toEqual([]);
  });
});

describe('one clock', () => {
  const clockErrors = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath }))[0]!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);

  it.each([
    ['new Date() in a service', 'server/modules/wallet/example.service.ts', 'export const stamp = () => new Date();'],
    ['Date.now() in a repository', 'server/modules/wallet/example.repo.ts', 'export const stamp = () => Date.now();'],
  ])('reports %s', async (_what, filePath, code) => {
    expect(await clockErrors(filePath, code)).toEqual([expect.stringContaining('Take `now` from the caller')]);
  });

  it('lets a module read a given time, and tests read the clock', async () => {
    expect(await clockErrors('server/modules/wallet/example.service.ts', 'export const at = (now: Date) => new Date(now.getTime() + 1000);')).toEqual([]);
    expect(await clockErrors('server/modules/wallet/example.test.ts', 'export const stamp = () => Date.now();')).toEqual([]);
  });
});

describe('one shape for web data', () => {
  const shapeErrors = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath }))[0]!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);

  it('reports a component that writes its query key as a literal array', async () => {
    const code =
      "import { useQueryClient } from '@tanstack/react-query';\n" +
      "export function Refresh() {\n  const c = useQueryClient();\n  return <button onClick={() => void c.invalidateQueries({ queryKey: ['wallet', 'history'] })}>R</button>;\n}";
    expect(await shapeErrors('web/src/features/wallet/Example.tsx', code)).toEqual([expect.stringContaining('key factory')]);
  });

  it('reports a component that writes its own query', async () => {
    const code =
      "import { useQuery } from '@tanstack/react-query';\nimport { fetchBalance, walletKeys } from './wallet.api';\n" +
      'export function Balance() {\n  const q = useQuery({ queryKey: walletKeys.balance(), queryFn: fetchBalance });\n  return <p>{q.status}</p>;\n}';
    expect(await shapeErrors('web/src/features/wallet/Example.tsx', code)).toEqual([expect.stringContaining('api module')]);
  });

  it('lets a component use the api module’s hook and query options, and invalidate by the key factory', async () => {
    const code =
      "import { useQuery, useQueryClient } from '@tanstack/react-query';\nimport { balanceQuery, useHistory, walletKeys } from './wallet.api';\n" +
      'export function Balance() {\n  const q = useQuery({ ...balanceQuery(), enabled: true });\n  const h = useHistory(1);\n  const c = useQueryClient();\n' +
      '  return <button onClick={() => void c.invalidateQueries({ queryKey: walletKeys.balance() })}>{q.status}{h.status}</button>;\n}';
    expect(await shapeErrors('web/src/features/wallet/Example.tsx', code)).toEqual([]);
  });

  it('reports a component that calls the API itself', async () => {
    const code =
      "import { answerFrom, apiAnswer } from '../../lib/api';\n" +
      "export async function load() {\n  return apiAnswer(answerFrom(() => import('../../../../contracts/accounts'), (c) => c.meAnswerSchema), '/api/v1/users/me');\n}";
    // The import and the call.
    expect(await shapeErrors('web/src/features/auth/Example.tsx', code)).toEqual([
      expect.stringContaining('api module'),
      expect.stringContaining('api module'),
    ]);
  });

  it('lets an api module call the API', async () => {
    const code =
      "import { answerFrom, apiAnswer } from '../../lib/api';\n" +
      "export const fetchMe = () => apiAnswer(answerFrom(() => import('../../../../contracts/accounts'), (c) => c.meAnswerSchema), '/api/v1/users/me');";
    expect(await shapeErrors('web/src/features/auth/example.api.ts', code)).toEqual([]);
  });
});
