// `npm start`: builds the web app whenever its sources changed since the last build, then runs the server.
import './check-node.mjs';
import { ensureWebBuilt } from './build-web.mjs';

ensureWebBuilt();
const { register } = await import('tsx/esm/api');
register();
await import('../server/index.ts');
