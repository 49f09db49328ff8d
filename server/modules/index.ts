import type { FastifyPluginAsync } from 'fastify';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { backofficeRoutes } from './accounts/backoffice.routes.js';
import { profileRoutes } from './accounts/profile.routes.js';
import { sessionRoutes } from './accounts/session.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { betsRoutes } from './chicken/bets.routes.js';
import { chickenRoutes } from './chicken/chicken.routes.js';
import { demoRoutes } from './chicken/demo.routes.js';
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
import { amountsRoutes } from './wallet/amounts.routes.js';
import { depositsRoutes } from './wallet/deposits.routes.js';
import { historyRoutes } from './wallet/history.routes.js';
import { qrcodesRoutes } from './wallet/qrcodes.routes.js';
import { ratesRoutes } from './wallet/rates.routes.js';
import { withdrawalsRoutes } from './wallet/withdrawals.routes.js';

export interface AppModule {
  routes: FastifyPluginAsync;
  /** Path prefix; /api/v1 unless said. */
  prefix?: string;
}

/**
 * Every route file of every module, registered in this order. Routes are registered here and only here: a
 * module's index.ts is its face for other modules (services and types), so that nothing a route
 * imports (the sign-in plugin, another module) can lead back to the routes in a cycle.
 */
export const modules: AppModule[] = [
  { routes: accountsRoutes },
  { routes: sessionRoutes },
  { routes: profileRoutes },
  { routes: backofficeRoutes },
  { routes: siteRoutes },
  { routes: outboxRoutes },
  { routes: depositsRoutes },
  { routes: withdrawalsRoutes },
  { routes: historyRoutes },
  { routes: amountsRoutes },
  { routes: qrcodesRoutes },
  { routes: ratesRoutes },
  { routes: seedsRoutes },
  { routes: chickenRoutes },
  { routes: betsRoutes },
  { routes: demoRoutes },
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
