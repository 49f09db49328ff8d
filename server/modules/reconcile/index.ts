// Bank statements matched to deposit claims: the routes are registered in modules/index.ts; nothing else is shared.
export {};
