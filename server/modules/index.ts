import type { FastifyPluginAsync } from 'fastify';
import * as accounts from './accounts/index.js';
import * as audit from './audit/index.js';
import * as chicken from './chicken/index.js';
import * as color from './color/index.js';
import * as messaging from './messaging/index.js';
import * as ranking from './ranking/index.js';
import * as reports from './reports/index.js';
import * as responsible from './responsible/index.js';
import * as site from './site/index.js';
import * as spinner from './spinner/index.js';
import * as telegram from './telegram/index.js';
import * as wallet from './wallet/index.js';

export interface AppModule {
  routes: FastifyPluginAsync;
  /** Path prefix; /api/v1 unless said. */
  prefix?: string;
}

/** Every feature's routes, registered in this order; each module registers only its own. */
export const modules: AppModule[] = [
  { routes: accounts.routes },
  { routes: site.routes },
  { routes: messaging.routes },
  { routes: wallet.routes },
  { routes: chicken.routes },
  { routes: color.routes },
  { routes: spinner.routes },
  { routes: ranking.routes },
  { routes: audit.routes },
  { routes: reports.routes },
  { routes: responsible.routes },
  { routes: telegram.routes },
  { routes: wallet.uploadsRoutes, prefix: '' },
  { routes: telegram.channelRoutes, prefix: '' },
];
