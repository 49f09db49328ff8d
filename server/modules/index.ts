import type { FastifyPluginAsync } from 'fastify';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { chickenRoutes } from './chicken/chicken.routes.js';
import { colorRoutes } from './color/color.routes.js';
import { outboxRoutes } from './messaging/outbox.routes.js';
import { seedsRoutes } from './play/seeds.routes.js';
import { rankingRoutes } from './ranking/ranking.routes.js';
import { reconcileRoutes } from './reconcile/reconcile.routes.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { responsibleRoutes } from './responsible/responsible.routes.js';
import { siteRoutes } from './site/site.routes.js';
import { spinnerRoutes } from './spinner/spinner.routes.js';
import { channelRoutes, telegramRoutes } from './telegram/telegram.routes.js';
import { uploadsRoutes } from './wallet/uploads.routes.js';
import { walletRoutes } from './wallet/wallet.routes.js';

export interface AppModule {
  routes: FastifyPluginAsync;
  /** Path prefix; /api/v1 unless said. */
  prefix?: string;
}

/**
 * Every feature's routes, registered in this order. Routes are registered here and only here: a
 * module's index.ts is its face for other modules (services and types), so that nothing a route
 * imports (the sign-in plugin, another module) can lead back to the routes in a cycle.
 */
export const modules: AppModule[] = [
  { routes: accountsRoutes },
  { routes: siteRoutes },
  { routes: outboxRoutes },
  { routes: walletRoutes },
  { routes: seedsRoutes },
  { routes: chickenRoutes },
  { routes: colorRoutes },
  { routes: spinnerRoutes },
  { routes: rankingRoutes },
  { routes: auditRoutes },
  { routes: reportsRoutes },
  { routes: responsibleRoutes },
  { routes: telegramRoutes },
  { routes: reconcileRoutes },
  { routes: uploadsRoutes, prefix: '' },
  { routes: channelRoutes, prefix: '' },
];
