// Imported first by main.tsx, before any screen loads zod. The page's Content-Security-Policy
// allows no eval: zod would otherwise probe for it (new Function) to compile faster validators,
// and every such probe is reported as a policy violation. Forms validate just as well without.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
Object.assign((scope.__zod_globalConfig ??= {}), { jitless: true });
